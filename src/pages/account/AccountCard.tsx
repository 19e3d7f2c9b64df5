import type { ReactNode } from "react";
import { Layout } from "../layout";
import { Island } from "../island";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";

/** The narrow centred card every account screen sits in (with a toaster when the screen raises toasts). */
export function AccountScreen({ viewer, title, intro, children, toaster = false }: {
  viewer: Viewer | null; title: string; intro?: ReactNode; children: ReactNode; toaster?: boolean;
}) {
  return (
    <Layout viewer={viewer}>
      <section className="panel auth-card stack" aria-labelledby="account-title">
        <header>
          <h1 id="account-title">{title}</h1>
          {intro ? <p className="muted auth-card__intro">{intro}</p> : null}
        </header>
        {children}
      </section>
      {toaster ? <Island name="Toaster" props={{}} /> : null}
    </Layout>
  );
}

/** An invalid invite: 'Invalid Invitation' with 'Go to Home' (and the variants of the error catalogue). */
export function InvalidInvite({ viewer, title = T.invite.invalidTitle, text = T.invite.invalidText }: { viewer: Viewer | null; title?: string; text?: string }) {
  return (
    <AccountScreen viewer={viewer} title={title}>
      <p role="alert">{text}</p>
      <div className="form-actions">
        <a className="button button--primary" href="/">{T.invite.goHome}</a>
      </div>
    </AccountScreen>
  );
}

/** One term and its value in an account page's details list (`<dl className="invite-details">`). */
export function Detail({ term, valueClass, children }: { term: string; valueClass?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={valueClass}>{children}</dd>
    </div>
  );
}
