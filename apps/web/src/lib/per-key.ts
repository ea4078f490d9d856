/** `make` computed once per key, then remembered (for words looked up once per list instead of per row). */
export function perKey<K, V>(make: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, make(key));
    return cache.get(key)!;
  };
}
