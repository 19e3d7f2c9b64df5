// SPEC §8: an unauthorized answer means the session is gone; after a toast the browser
// goes to /api/login (with returnTo here) 500 ms later.
export const UNAUTHORIZED_REDIRECT_MS = 500;

/** Where the browser goes; tests replace `assign`. */
export const navigation = { assign: (url: string) => window.location.assign(url) };

export function loginUrl(): string {
  return `/api/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}

export function redirectToLogin(): void {
  setTimeout(() => navigation.assign(loginUrl()), UNAUTHORIZED_REDIRECT_MS);
}

export const isUnauthorized = (error: { status: unknown } | null | undefined): boolean => error?.status === 401;
