import { useState } from "react";
import { api } from "../runtime/api";
import { T } from "../../src/shared/text";

/**
 * Logout: reads 'Logging out...' while the request runs, then goes to / whatever the
 * outcome, by way of the identity provider's logout when the session came from
 * it. Without JavaScript the surrounding form posts and the server answers with a redirect to /.
 */
export default function LogoutButton({ className = "button button--ghost" }: { className?: string }) {
  const [pending, setPending] = useState(false);
  async function logout(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    let next = "/";
    try {
      const { data } = await api.api.auth.logout.post();
      // Signed in through the identity provider: sign out there too, which comes back to /.
      if (data && "providerLogoutUrl" in data && data.providerLogoutUrl) next = data.providerLogoutUrl;
    } catch {
      // Network failure: logout sends the user home either way.
    }
    window.location.assign(next);
  }
  return (
    <form method="post" action="/api/auth/logout" onSubmit={logout} className="inline-form">
      <button type="submit" className={className} disabled={pending} aria-busy={pending}>
        {pending ? T.app.loggingOut : T.app.logout}
      </button>
    </form>
  );
}
