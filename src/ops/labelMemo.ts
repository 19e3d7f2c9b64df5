/**
 * A value per (method, route, status), made once: the request log's escaped fields and the
 * metrics' bound histogram series. Nested maps, because looking up the three strings as they
 * are costs a third of hashing a key concatenated from them on every request (new strings
 * are hashed anew; the method and route strings are the same objects each time and keep
 * their hash). Bounded: raw paths of unmatched requests are unbounded, so past `max` routes
 * it starts over.
 */
export class LabelMemo<V> {
  private routes = new Map<string, Map<string, Map<number, V>>>();

  constructor(private make: (method: string, route: string, status: number) => V, private max = 1000) {}

  get(method: string, route: string, status: number): V {
    let byMethod = this.routes.get(route);
    if (!byMethod) {
      if (this.routes.size >= this.max) this.routes.clear();
      byMethod = new Map();
      this.routes.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let v = byStatus.get(status);
    if (v === undefined) {
      v = this.make(method, route, status);
      byStatus.set(status, v);
    }
    return v;
  }
}
