// An unauthorized answer means the session is gone; after a toast the browser
// goes to /api/login (with returnTo here) 500 ms later.
import { useCallback } from "react";
import { T } from "../../src/shared/text";
import { errorMessage } from "../runtime/api";
import { useToast, type ToastMessage } from "./toast";

export const UNAUTHORIZED_REDIRECT_MS = 500;

/** Where the browser goes; tests replace `assign`. */
export const navigation = { assign: (url: string) => window.location.assign(url) };

export function loginUrl(): string {
  return `/api/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}

export function redirectToLogin(): void {
  setTimeout(() => navigation.assign(loginUrl()), UNAUTHORIZED_REDIRECT_MS);
}

/** A failed call as the typed client reports it. */
export type CallError = { status: unknown; value: unknown } | null | undefined;

export const isUnauthorized = (error: CallError): boolean => error?.status === 401;

const SESSION_LOST: Omit<ToastMessage, "id"> = { title: T.toast.unauthorized, description: T.toast.loggedOutRelogin, variant: "destructive" };

/**
 * Reports a failed call. A lost session (401) toasts 'Unauthorized' (or
 * `unauthorized`'s toast) and goes to sign-in; anything else toasts `title` with the
 * server's reason, or `fallback` when it gave none. Returns the server's reason ("" for
 * none), or null after a 401 (the page is leaving).
 */
export function useCallFailure() {
  const toast = useToast();
  return useCallback((error: CallError, { title = T.toast.error, fallback, unauthorized = SESSION_LOST }: {
    title?: string; fallback?: string; unauthorized?: Omit<ToastMessage, "id">;
  }): string | null => {
    if (isUnauthorized(error)) {
      toast(unauthorized);
      redirectToLogin();
      return null;
    }
    const reason = errorMessage(error ? { status: Number(error.status) || 0, value: error.value } : null, "");
    toast({ title, description: reason || fallback, variant: "destructive" });
    return reason;
  }, [toast]);
}
