import type { ReactNode } from "react";
import { Logo } from "../../islands/components/Logo";
import { Island } from "./island";
import { welcomeName } from "../domain/names";
import { isStaff } from "../domain/permissions";
import { T } from "../shared/text";
import type { Viewer } from "../shared/types";

/** Welcome line: nickname, else first name, else 'User'; boosters also see their booster id. */
export function WelcomeLine({ viewer }: { viewer: Viewer }) {
  return (
    <div className="welcome">
      <span className="welcome__name">{T.app.welcome({ name: welcomeName(viewer) })}</span>
      {viewer.role === "booster" && viewer.boosterId ? <span className="welcome__booster muted">{T.app.boosterIdLine({ id: viewer.boosterId })}</span> : null}
    </div>
  );
}

/** The header's account area: sign-in button for visitors; dashboard and logout for users. */
export function AccountActions({ viewer, panel = false }: { viewer: Viewer | null; panel?: boolean }) {
  if (!viewer) return <a className="button button--primary" href="/auth">{T.app.adminLogin}</a>;
  return (
    <div className="account-actions">
      <WelcomeLine viewer={viewer} />
      <a className="button button--ghost" href="/account">{T.password.accountLink}</a>
      {panel
        ? <a className="button button--ghost" href="/">{T.app.backToHome}</a>
        : isStaff(viewer)
          ? <a className="button button--primary" href="/admin">{T.app.adminDashboard}</a>
          : <a className="button button--primary" href="/dashboard">{T.app.manageRuns}</a>}
      <Island name="LogoutButton" props={{}} />
    </div>
  );
}

/**
 * Where a cached public page puts its staff-only part (PageResult `staff`): empty in the page
 * every visitor gets, replaced in the variant stitched for a signed-in owner or administrator
 * (src/public/publicResponse.tsx).
 */
export function StaffSlot() {
  return <div hidden data-staff-slot="" />;
}

export function Brand() {
  return (
    <a className="brand" href="/">
      <Logo />
      <span className="brand__name">{T.app.name}</span>
    </a>
  );
}

/**
 * Page frame: header (brand, optional breadcrumb, account area) and main content.
 * `panel` is the logged-in panels' variant with 'Back to Home'.
 */
export function Layout({ viewer, children, panel = false, breadcrumb, footer }: {
  viewer: Viewer | null; children: ReactNode; panel?: boolean; breadcrumb?: ReactNode; footer?: ReactNode;
}) {
  return (
    <>
      <header className="site-header">
        <div className="container site-header__inner">
          <div className="site-header__left">
            <Brand />
            {breadcrumb}
          </div>
          <AccountActions viewer={viewer} panel={panel} />
        </div>
      </header>
      <main id="main" className="container main">
        {/* The panels are islands: without JavaScript they render but cannot act, so say so. */}
        {panel ? <noscript><p className="callout noscript-notice" role="note">{T.app.noScript}</p></noscript> : null}
        {children}
      </main>
      {footer ? <footer className="site-footer"><div className="container">{footer}</div></footer> : null}
    </>
  );
}
