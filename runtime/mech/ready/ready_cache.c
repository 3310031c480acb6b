/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Device-resident readiness states (ready_cache.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "log.h"
#include "core_param.h"
#include "ready_cache.h"

static proact__ready_img_t *head; /* every cached entry, any device */
static size_t dev_bytes[PROACT__DEV_MAX]; /* cached device bytes */
static uint64_t clock_now, hits, builds;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t at_exit = PTHREAD_ONCE_INIT;

static void register_clear(void) { atexit(proact__ready_cache_clear); }

static size_t budget(void) {
  return (size_t)proact__param_get(PROACT__PARAM_READY_CACHE)->i;
}

static int same_site(const proact__ready_img_t *a, const char *file,
                     int line, int part) {
  return a->line == line && a->part == part &&
         (a->file == file || strcmp(a->file, file) == 0);
}

void proact__ready_img_free(proact__ready_img_t *img) {
  if (img == NULL)
    return;
  proact__dev_free(img->dev, img->dev_base, img->bytes);
  proact__dev_host_free(img->dev, img->q_host);
  proact__dev_host_free(img->dev, img->stamps_host);
  proact__dev_host_free(img->dev, (void *)img->done_host);
  free(img->image);
  free(img->key);
  free(img);
}

/* Unlinks and frees a cached entry (lock held). */
static void evict(proact__ready_img_t **link) {
  proact__ready_img_t *img = *link;
  *link = img->next;
  dev_bytes[img->dev] -= img->bytes;
  proact__info(PROACT__SUBSYS_MECH,
               "readiness state of %s:%d part %d evicted from device %d "
               "(%zu bytes)",
               img->file, img->line, img->part, img->dev, img->bytes);
  proact__ready_img_free(img);
}

/* The link to the least recently used idle entry of dev that match
 * accepts (site == NULL: any), or NULL (lock held). */
static proact__ready_img_t **lru_idle(int dev, const proact__ready_img_t *site) {
  proact__ready_img_t **best = NULL;
  for (proact__ready_img_t **l = &head; *l != NULL; l = &(*l)->next) {
    const proact__ready_img_t *e = *l;
    if (e->dev != dev || e->in_use ||
        (site != NULL && !same_site(e, site->file, site->line, site->part)))
      continue;
    if (best == NULL || e->last_use < (*best)->last_use)
      best = l;
  }
  return best;
}

proact__ready_img_t *proact__ready_cache_take(const char *file, int line,
                                              int part, int dev,
                                              const long long *key,
                                              size_t key_len) {
  proact__ready_img_t *found = NULL;
  pthread_mutex_lock(&lock);
  for (proact__ready_img_t *e = head; e != NULL && found == NULL; e = e->next)
    if (!e->in_use && e->dev == dev && same_site(e, file, line, part) &&
        e->key_len == key_len &&
        memcmp(e->key, key, key_len * sizeof(*key)) == 0)
      found = e;
  if (found != NULL) {
    found->in_use = 1;
    found->last_use = ++clock_now;
    hits++;
  }
  pthread_mutex_unlock(&lock);
  return found;
}

void proact__ready_cache_add(proact__ready_img_t *img) {
  const size_t cap = budget();
  int site_n = 0;
  pthread_once(&at_exit, register_clear);
  pthread_mutex_lock(&lock);
  builds++;
  img->in_use = 1;
  img->cached = 0;
  img->last_use = ++clock_now;
  if (img->bytes > cap) { /* also cap 0: no caching */
    pthread_mutex_unlock(&lock);
    return;
  }
  for (proact__ready_img_t *e = head; e != NULL; e = e->next)
    site_n += e->dev == img->dev &&
              same_site(e, img->file, img->line, img->part);
  if (site_n >= PROACT__READY_CACHE_PER_SITE) {
    proact__ready_img_t **l = lru_idle(img->dev, img);
    if (l != NULL)
      evict(l);
  }
  while (dev_bytes[img->dev] + img->bytes > cap) {
    proact__ready_img_t **l = lru_idle(img->dev, NULL);
    if (l == NULL)
      break;
    evict(l);
  }
  if (dev_bytes[img->dev] + img->bytes <= cap) {
    img->cached = 1;
    img->next = head;
    head = img;
    dev_bytes[img->dev] += img->bytes;
  }
  pthread_mutex_unlock(&lock);
}

/* Evicts the idle entries of dev (of every device: dev < 0); an entry in
 * use may still serve a running kernel. Returns the device bytes freed
 * (lock held). */
static size_t evict_idle(int dev) {
  size_t freed = 0;
  for (proact__ready_img_t **l = &head; *l != NULL;) {
    if ((dev < 0 || (*l)->dev == dev) && !(*l)->in_use) {
      freed += (*l)->bytes;
      evict(l);
    } else {
      l = &(*l)->next;
    }
  }
  return freed;
}

size_t proact__ready_cache_drop_idle(int dev) {
  size_t freed;
  pthread_mutex_lock(&lock);
  freed = evict_idle(dev);
  pthread_mutex_unlock(&lock);
  return freed;
}

void proact__ready_cache_give(proact__ready_img_t *img) {
  int cached;
  if (img == NULL)
    return;
  pthread_mutex_lock(&lock);
  img->in_use = 0;
  cached = img->cached;
  pthread_mutex_unlock(&lock);
  if (!cached)
    proact__ready_img_free(img);
}

void proact__ready_cache_clear(void) {
  pthread_mutex_lock(&lock);
  evict_idle(-1); /* one in use at exit: a kernel may still run */
  pthread_mutex_unlock(&lock);
}

void proact__ready_cache_counts(uint64_t *hits_p, uint64_t *builds_p) {
  pthread_mutex_lock(&lock);
  *hits_p = hits;
  *builds_p = builds;
  pthread_mutex_unlock(&lock);
}
