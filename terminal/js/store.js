// Key-value storage on IndexedDB behind a few promise helpers, after
// idb-keyval. A write counts only once its transaction has completed, with
// strict durability: the outbox relies on a confirmed score being on disk
// before the terminal says so. memoryStore() has the same shape, for tests
// and for browsers that refuse IndexedDB (some private modes).

function promised(request) {
  return new Promise((resolve, reject) => {
    request.oncomplete = request.onsuccess = () => resolve(request.result);
    request.onabort = request.onerror = () => reject(request.error);
  });
}

/** @returns {{get(key: string): Promise<any>, set(key: string, value: any): Promise<void>}} */
export function idbStore(dbName = "traveller", storeName = "kv", idb = globalThis.indexedDB) {
  const opening = idb.open(dbName);
  opening.onupgradeneeded = () => opening.result.createObjectStore(storeName);
  const database = promised(opening);
  return {
    async get(key) {
      const db = await database;
      return promised(db.transaction(storeName, "readonly").objectStore(storeName).get(key));
    },
    async set(key, value) {
      const db = await database;
      const tx = db.transaction(storeName, "readwrite", { durability: "strict" });
      tx.objectStore(storeName).put(value, key);
      await promised(tx);
    },
  };
}

export function memoryStore() {
  const values = new Map();
  return {
    async get(key) {
      return values.has(key) ? structuredClone(values.get(key)) : undefined;
    },
    async set(key, value) {
      values.set(key, structuredClone(value));
    },
  };
}
