/**
 * `make(handle)` once per handle (a database handle: the pool's, or one transaction's), the value
 * kept as long as the handle lives: a statement prepared and named once, a batcher of its calls.
 */
export function oncePerHandle<H extends object, V>(make: (handle: H) => V): (handle: H) => V {
  const made = new WeakMap<H, V>();
  return (handle) => {
    let value = made.get(handle);
    if (value === undefined) {
      value = make(handle);
      made.set(handle, value);
    }
    return value;
  };
}
