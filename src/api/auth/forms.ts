// Account forms work without JavaScript: the browser posts them as a form, and the API
// answers a form post with a redirect instead of JSON.

/** A classic HTML form submission (what a browser sends when no script intercepts it). */
export function isFormPost(request: Request): boolean {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(request.headers.get("content-type") ?? "");
}

/** `path` with `?error=<code>` (other query parameters kept). */
export function withError(path: string, code: string): string {
  const url = new URL(path, "http://local");
  url.searchParams.set("error", code);
  return url.pathname + url.search;
}
