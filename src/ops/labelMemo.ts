/**
 * A value per (method, route, status), made once: the request log's escaped fields and the
 * metrics' bound histogram series. Nested maps: the method and route strings are the same
 * objects on every request and keep their hash, where a key concatenated from them would be
 * a new string hashed anew each time (docs/decisions/14-operations.md). Bounded: raw paths of
 * unmatched requests are unbounded, so past `max` routes it starts over.
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
