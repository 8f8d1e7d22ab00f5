/*
 * A storage plugin in plain C: `org.linkstr.storage.c-memory`, the `org.linkstr.storage/1` capability
 * over records kept in memory (nothing survives the instance). It is written from linkstr_plugin.h
 * alone and passes the same conformance checks as the SQLite, memory and PostgreSQL plugins:
 *
 *   make c-storage-plugin                       # or, by hand:
 *   cc -std=c11 -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden -pthread \
 *      -I Sources/PluginABI/include Plugins/Storage/CMemory/memory_store.c \
 *      -o liblinkstr-plugin-c-memory.so
 *   linkstr plugins conformance liblinkstr-plugin-c-memory.so
 *
 * One mutex guards the store, so every capability function is thread-safe; `apply` checks and
 * allocates everything before it changes anything, which makes a batch all or nothing. Lookups scan
 * every record: a store for tests and examples, not for a large feed.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "linkstr_plugin.h"

#define OWNER_LENGTH 32
#define MAXIMUM_COLLECTION_LENGTH 64
#define MAXIMUM_KEY_LENGTH 255

/* A record with its own copy of every byte field (one allocation: the struct, then the bytes). */
typedef struct stored_record {
    lkh_bytes owner, collection, key, parent, value;
    int64_t sort;
    int64_t flags;
} stored_record;

typedef struct store {
    pthread_mutex_t lock;
    bool open;
    stored_record **records;
    size_t count;
    size_t capacity;
} store;

/* ---- Bytes ------------------------------------------------------------------------------------ */

static bool bytes_equal(lkh_bytes a, lkh_bytes b) {
    return a.len == b.len && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0);
}

/* Byte-wise order; a prefix sorts first ("a" < "a\0" < "b"). */
static int bytes_compare(lkh_bytes a, lkh_bytes b) {
    size_t shorter = a.len < b.len ? a.len : b.len;
    int order = shorter == 0 ? 0 : memcmp(a.data, b.data, shorter);
    if (order != 0) return order;
    return (a.len > b.len) - (a.len < b.len);
}

/* ---- Input checks (the same rules and messages as every other storage plugin) ------------------ */

static lkh_status check_bytes(lkh_bytes bytes, const char *field, lkh_error *err) {
    if (bytes.len > 0 && bytes.data == NULL)
        return lkh_error_set(err, LKH_E_INVALID, "%s has length %zu but no data", field, bytes.len);
    return LKH_OK;
}

static lkh_status check_owner(lkh_bytes owner, lkh_error *err) {
    if (check_bytes(owner, "owner", err) != LKH_OK) return LKH_E_INVALID;
    if (owner.len != 0 && owner.len != OWNER_LENGTH)
        return lkh_error_set(err, LKH_E_INVALID, "owner must be empty or %d bytes, got %zu", OWNER_LENGTH, owner.len);
    return LKH_OK;
}

static lkh_status check_collection(lkh_bytes collection, lkh_error *err) {
    if (check_bytes(collection, "collection", err) != LKH_OK) return LKH_E_INVALID;
    if (collection.len == 0) return lkh_error_set(err, LKH_E_INVALID, "collection must not be empty");
    bool printable = collection.len <= MAXIMUM_COLLECTION_LENGTH;
    for (size_t i = 0; printable && i < collection.len; i++) printable = collection.data[i] >= 0x21 && collection.data[i] <= 0x7E;
    if (!printable)
        return lkh_error_set(err, LKH_E_INVALID, "collection must be 1…%d printable ASCII characters", MAXIMUM_COLLECTION_LENGTH);
    return LKH_OK;
}

static lkh_status check_key(lkh_bytes key, lkh_error *err) {
    if (check_bytes(key, "key", err) != LKH_OK) return LKH_E_INVALID;
    if (key.len == 0 || key.len > MAXIMUM_KEY_LENGTH)
        return lkh_error_set(err, LKH_E_INVALID, "key must be 1…%d bytes, got %zu", MAXIMUM_KEY_LENGTH, key.len);
    return LKH_OK;
}

static lkh_status check_parent(lkh_bytes parent, lkh_error *err) {
    if (check_bytes(parent, "parent", err) != LKH_OK) return LKH_E_INVALID;
    if (parent.len > MAXIMUM_KEY_LENGTH)
        return lkh_error_set(err, LKH_E_INVALID, "parent must be at most %d bytes, got %zu", MAXIMUM_KEY_LENGTH, parent.len);
    return LKH_OK;
}

static lkh_status check_struct_size(uint32_t declared, size_t needed, const char *name, lkh_error *err) {
    if (declared < needed)
        return lkh_error_set(err, LKH_E_INVALID, "%s.struct_size is %u, smaller than the %zu bytes of ABI 1.0", name, declared, needed);
    return LKH_OK;
}

/* Checks the fields that `kind` reads. */
static lkh_status check_operation(const lkh_storage_op *op, lkh_error *err) {
    const lkh_record *record = &op->record;
    lkh_status status;
    switch (op->kind) {
    case LKH_STORAGE_PUT:
        if ((status = check_struct_size(record->struct_size, sizeof(lkh_record), "lkh_record", err)) != LKH_OK) return status;
        if ((status = check_owner(record->owner, err)) != LKH_OK) return status;
        if ((status = check_collection(record->collection, err)) != LKH_OK) return status;
        if ((status = check_key(record->key, err)) != LKH_OK) return status;
        if ((status = check_parent(record->parent, err)) != LKH_OK) return status;
        return check_bytes(record->value, "value", err);
    case LKH_STORAGE_DELETE:
        if ((status = check_owner(record->owner, err)) != LKH_OK) return status;
        if ((status = check_collection(record->collection, err)) != LKH_OK) return status;
        return check_key(record->key, err);
    case LKH_STORAGE_DELETE_PARENT:
        if ((status = check_owner(record->owner, err)) != LKH_OK) return status;
        if ((status = check_collection(record->collection, err)) != LKH_OK) return status;
        return check_parent(record->parent, err);
    default:
        return lkh_error_set(err, LKH_E_INVALID, "unknown operation kind %d (expected 1 put, 2 delete, 3 delete-parent)", op->kind);
    }
}

/* ---- Records ---------------------------------------------------------------------------------- */

static lkh_bytes copy_field(uint8_t **cursor, lkh_bytes field) {
    lkh_bytes copy = {*cursor, field.len};
    if (field.len > 0) memcpy(*cursor, field.data, field.len);
    *cursor += field.len;
    return copy;
}

static stored_record *record_copy(const lkh_record *source) {
    size_t bytes = source->owner.len + source->collection.len + source->key.len + source->parent.len + source->value.len;
    stored_record *record = malloc(sizeof(stored_record) + bytes);
    if (record == NULL) return NULL;
    uint8_t *cursor = (uint8_t *)(record + 1);
    record->owner = copy_field(&cursor, source->owner);
    record->collection = copy_field(&cursor, source->collection);
    record->key = copy_field(&cursor, source->key);
    record->parent = copy_field(&cursor, source->parent);
    record->value = copy_field(&cursor, source->value);
    record->sort = source->sort;
    record->flags = source->flags;
    return record;
}

/* A borrowed view of `record` for an lkh_record_fn. */
static lkh_record record_view(const stored_record *record) {
    lkh_record view = {sizeof(lkh_record), record->owner, record->collection, record->key, record->parent,
                       record->sort, record->flags, record->value};
    return view;
}

static bool record_is(const stored_record *record, lkh_bytes owner, lkh_bytes collection) {
    return bytes_equal(record->owner, owner) && bytes_equal(record->collection, collection);
}

/* The index of (owner, collection, key), or `count` when absent. Needs the lock. */
static size_t store_find(const store *s, lkh_bytes owner, lkh_bytes collection, lkh_bytes key) {
    for (size_t i = 0; i < s->count; i++) {
        if (record_is(s->records[i], owner, collection) && bytes_equal(s->records[i]->key, key)) return i;
    }
    return s->count;
}

/* Removes and frees the record at `index` (order of the rest does not matter). Needs the lock. */
static void store_remove(store *s, size_t index) {
    free(s->records[index]);
    s->records[index] = s->records[--s->count];
}

/* ---- The capability --------------------------------------------------------------------------- */

static lkh_status store_open(void *instance, lkh_error *err) {
    (void)err;
    store *s = instance;
    pthread_mutex_lock(&s->lock);
    s->open = true;
    pthread_mutex_unlock(&s->lock);
    return LKH_OK;
}

/* Needs the lock. */
static lkh_status require_open(const store *s, lkh_error *err) {
    return s->open ? LKH_OK : lkh_error_set(err, LKH_E_INVALID, "the store is not open; call open first");
}

static lkh_status store_apply(void *instance, const lkh_storage_op *ops, size_t count, lkh_error *err) {
    store *s = instance;
    if (count == 0) return LKH_OK;
    if (ops == NULL) return lkh_error_set(err, LKH_E_INVALID, "apply: ops is NULL but count is %zu", count);
    lkh_status status = check_struct_size(ops[0].struct_size, sizeof(lkh_storage_op), "lkh_storage_op", err);
    if (status != LKH_OK) return status;
    /* The stride of an array of versioned structs is its first element's struct_size. */
    size_t stride = ops[0].struct_size;
#define OP_AT(index) ((const lkh_storage_op *)((const uint8_t *)ops + (index) * stride))
    size_t puts = 0;
    for (size_t i = 0; i < count; i++) {
        lkh_error reason = {sizeof(lkh_error), 0, ""};
        if ((status = check_operation(OP_AT(i), &reason)) != LKH_OK)
            return lkh_error_set(err, status, "operation %zu: %s", i, reason.message);
        if (OP_AT(i)->kind == LKH_STORAGE_PUT) puts++;
    }
    /* Every allocation happens before the first change, so a failure leaves the store as it was. */
    stored_record **copies = calloc(puts > 0 ? puts : 1, sizeof *copies);
    if (copies == NULL) return lkh_error_set(err, LKH_E_NOMEM, "apply: out of memory for %zu records", puts);
    for (size_t i = 0, n = 0; i < count; i++) {
        if (OP_AT(i)->kind != LKH_STORAGE_PUT) continue;
        if ((copies[n++] = record_copy(&OP_AT(i)->record)) == NULL) {
            for (size_t j = 0; j < n; j++) free(copies[j]);
            free(copies);
            return lkh_error_set(err, LKH_E_NOMEM, "operation %zu: out of memory", i);
        }
    }
    pthread_mutex_lock(&s->lock);
    if ((status = require_open(s, err)) == LKH_OK && s->count + puts > s->capacity) {
        size_t capacity = (s->count + puts) * 2;
        stored_record **grown = realloc(s->records, capacity * sizeof *grown);
        if (grown == NULL) {
            status = lkh_error_set(err, LKH_E_NOMEM, "apply: out of memory for %zu records", capacity);
        } else {
            s->records = grown;
            s->capacity = capacity;
        }
    }
    if (status != LKH_OK) {
        pthread_mutex_unlock(&s->lock);
        for (size_t j = 0; j < puts; j++) free(copies[j]);
        free(copies);
        return status;
    }
    for (size_t i = 0, n = 0; i < count; i++) {
        const lkh_storage_op *op = OP_AT(i);
        const lkh_record *r = &op->record;
        if (op->kind == LKH_STORAGE_PUT) {
            size_t found = store_find(s, r->owner, r->collection, r->key);
            if (found < s->count) {
                free(s->records[found]);
                s->records[found] = copies[n++];
            } else {
                s->records[s->count++] = copies[n++];
            }
        } else if (op->kind == LKH_STORAGE_DELETE) {
            size_t found = store_find(s, r->owner, r->collection, r->key);
            if (found < s->count) store_remove(s, found);
        } else {
            for (size_t j = s->count; j-- > 0;) {
                if (record_is(s->records[j], r->owner, r->collection) && bytes_equal(s->records[j]->parent, r->parent))
                    store_remove(s, j);
            }
        }
    }
#undef OP_AT
    pthread_mutex_unlock(&s->lock);
    free(copies);
    return LKH_OK;
}

static lkh_status store_get(void *instance, lkh_bytes owner, lkh_bytes collection, lkh_bytes key, lkh_record_fn fn,
                            void *ctx, lkh_error *err) {
    store *s = instance;
    lkh_status status;
    if ((status = check_owner(owner, err)) != LKH_OK || (status = check_collection(collection, err)) != LKH_OK ||
        (status = check_key(key, err)) != LKH_OK)
        return status;
    pthread_mutex_lock(&s->lock);
    if ((status = require_open(s, err)) == LKH_OK) {
        size_t found = store_find(s, owner, collection, key);
        if (found == s->count) {
            status = lkh_error_set(err, LKH_E_NOT_FOUND, "no such record");
        } else if (fn != NULL) {
            lkh_record view = record_view(s->records[found]);
            fn(ctx, &view);
        }
    }
    pthread_mutex_unlock(&s->lock);
    return status;
}

/* Sorting context for qsort (which has none): the direction is applied after sorting. */
static int compare_sort_key(const void *left, const void *right) {
    const stored_record *a = *(const stored_record *const *)left;
    const stored_record *b = *(const stored_record *const *)right;
    if (a->sort != b->sort) return a->sort < b->sort ? -1 : 1;
    return bytes_compare(a->key, b->key);
}

static bool query_matches(const lkh_storage_query *q, const stored_record *record) {
    return record_is(record, q->owner, q->collection) && (q->match_parent == 0 || bytes_equal(record->parent, q->parent)) &&
           record->sort >= q->sort_min && record->sort <= q->sort_max && (record->flags & q->flags_mask) == q->flags_value;
}

static lkh_status store_query(void *instance, const lkh_storage_query *query, lkh_record_fn fn, void *ctx, lkh_error *err) {
    store *s = instance;
    if (query == NULL) return lkh_error_set(err, LKH_E_INVALID, "query is NULL");
    lkh_status status;
    if ((status = check_struct_size(query->struct_size, sizeof(lkh_storage_query), "lkh_storage_query", err)) != LKH_OK) return status;
    if (query->order != LKH_ORDER_ASCENDING && query->order != LKH_ORDER_DESCENDING)
        return lkh_error_set(err, LKH_E_INVALID, "unknown order %d (expected 0 ascending, 1 descending)", query->order);
    if ((status = check_owner(query->owner, err)) != LKH_OK || (status = check_collection(query->collection, err)) != LKH_OK)
        return status;
    if (query->match_parent != 0 && (status = check_parent(query->parent, err)) != LKH_OK) return status;
    pthread_mutex_lock(&s->lock);
    if ((status = require_open(s, err)) != LKH_OK) {
        pthread_mutex_unlock(&s->lock);
        return status;
    }
    stored_record **matches = malloc((s->count > 0 ? s->count : 1) * sizeof *matches);
    if (matches == NULL) {
        pthread_mutex_unlock(&s->lock);
        return lkh_error_set(err, LKH_E_NOMEM, "query: out of memory");
    }
    size_t found = 0;
    for (size_t i = 0; i < s->count; i++) {
        if (query_matches(query, s->records[i])) matches[found++] = s->records[i];
    }
    qsort(matches, found, sizeof *matches, compare_sort_key);
    size_t wanted = query->limit == 0 || query->limit > found ? found : query->limit;
    for (size_t i = 0; i < wanted && fn != NULL; i++) {
        lkh_record view = record_view(matches[query->order == LKH_ORDER_DESCENDING ? found - 1 - i : i]);
        if (fn(ctx, &view) != 0) break;
    }
    pthread_mutex_unlock(&s->lock);
    free(matches);
    return LKH_OK;
}

static lkh_status store_count(void *instance, lkh_bytes owner, lkh_bytes collection, uint64_t *out_count, lkh_error *err) {
    store *s = instance;
    lkh_status status;
    if (out_count == NULL) return lkh_error_set(err, LKH_E_INVALID, "count: out_count is NULL");
    if ((status = check_owner(owner, err)) != LKH_OK) return status;
    if (collection.len > 0 && (status = check_collection(collection, err)) != LKH_OK) return status;
    pthread_mutex_lock(&s->lock);
    uint64_t counted = 0;
    if ((status = require_open(s, err)) == LKH_OK) {
        for (size_t i = 0; i < s->count; i++) {
            const stored_record *record = s->records[i];
            if (bytes_equal(record->owner, owner) && (collection.len == 0 || bytes_equal(record->collection, collection))) counted++;
        }
        *out_count = counted;
    }
    pthread_mutex_unlock(&s->lock);
    return status;
}

static lkh_status store_delete_owner(void *instance, lkh_bytes owner, uint64_t *out_deleted, lkh_error *err) {
    store *s = instance;
    lkh_status status;
    if ((status = check_owner(owner, err)) != LKH_OK) return status;
    pthread_mutex_lock(&s->lock);
    uint64_t deleted = 0;
    if ((status = require_open(s, err)) == LKH_OK) {
        for (size_t i = s->count; i-- > 0;) {
            if (bytes_equal(s->records[i]->owner, owner)) {
                store_remove(s, i);
                deleted++;
            }
        }
        if (out_deleted != NULL) *out_deleted = deleted;
    }
    pthread_mutex_unlock(&s->lock);
    return status;
}

static size_t store_describe(void *instance, char *buffer, size_t capacity) {
    store *s = instance;
    pthread_mutex_lock(&s->lock);
    int length = snprintf(buffer, capacity, "{\"backend\":\"c-memory\",\"location\":\"memory\",\"open\":%s,\"records\":%zu,\"persistent\":false}",
                          s->open ? "true" : "false", s->count);
    pthread_mutex_unlock(&s->lock);
    return length < 0 ? 0 : (size_t)length + 1;
}

static const lkh_storage_v1 storage_vtable = {
    sizeof(lkh_storage_v1), store_open, store_apply, store_get, store_query, store_count, store_delete_owner, store_describe,
};

/* ---- The plugin ------------------------------------------------------------------------------- */

static lkh_status plugin_create(const lkh_host *host, void **out_instance, lkh_error *err) {
    (void)host;
    store *s = calloc(1, sizeof *s);
    if (s == NULL) return lkh_error_set(err, LKH_E_NOMEM, "c-memory storage: out of memory");
    if (pthread_mutex_init(&s->lock, NULL) != 0) {
        free(s);
        return lkh_error_set(err, LKH_E_INTERNAL, "c-memory storage: cannot create its mutex");
    }
    *out_instance = s;
    return LKH_OK;
}

static void plugin_destroy(void *instance) {
    store *s = instance;
    for (size_t i = 0; i < s->count; i++) free(s->records[i]);
    free(s->records);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

static const void *plugin_capability(void *instance, const char *capability_id) {
    (void)instance;
    return strcmp(capability_id, LKH_CAP_STORAGE_V1) == 0 ? &storage_vtable : NULL;
}

static const char *const provides[] = {LKH_CAP_STORAGE_V1, NULL};

/* Designated fields: the ones a later minor appends stay zero (a store signs nothing). */
static const lkh_plugin_desc descriptor = {
    .struct_size = sizeof(lkh_plugin_desc),
    .abi_major = LKH_ABI_MAJOR,
    .abi_minor = LKH_ABI_MINOR,
    .id = "org.linkstr.storage.c-memory",
    .name = "In-memory storage (C)",
    .version = "1.0.0",
    .provides = provides,
    .create = plugin_create,
    .destroy = plugin_destroy,
    .get_capability = plugin_capability,
    .built_with = "cc",
};

LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_minor;
    return host_abi_major == LKH_ABI_MAJOR ? &descriptor : NULL;
}
