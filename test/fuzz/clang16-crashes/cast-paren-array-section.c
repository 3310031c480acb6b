void f(int i) { double x = (double)(i)[0:2]; }
