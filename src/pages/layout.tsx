import type { ReactNode } from "react";
import { Logo } from "../../islands/components/Logo";
import { Island } from "./island";
import { welcomeName } from "../domain/names";
import { isStaff } from "../domain/permissions";
import { T, locale } from "../shared/text";
import type { Viewer } from "../shared/types";
import { LOCALES, LOCALE_NAMES } from "../shared/i18n/locales";
import { hrefIn, localHref } from "../shared/i18n/href";

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
    <a className="brand" href={localHref("/")}>
      <Logo />
      <span className="brand__name">{T.app.name}</span>
    </a>
  );
}

/**
 * The public pages' language switcher: plain links to the same page and query in each locale
 * (no JavaScript, no redirect), each language named in itself. `here`: the page's English path
 * and query (the canonical one on a cached page, so every visitor's copy is the same).
 */
export function LanguageSwitcher({ here }: { here: string }) {
  const current = locale();
  return (
    <nav className="languages" aria-label={T.app.language}>
      <ul>
        {LOCALES.map((l) => (
          <li key={l}>
            <a href={hrefIn(l, here)} lang={l} hrefLang={l} aria-current={l === current ? "true" : undefined}>{LOCALE_NAMES[l]}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Page frame: header (brand, optional breadcrumb, account area) and main content.
 * `panel` is the logged-in panels' variant with 'Back to Home'. `here`: a public page's English
 * path and query, which gives it the language switcher in its footer (staff and account pages have none).
 */
export function Layout({ viewer, children, panel = false, breadcrumb, footer, here }: {
  viewer: Viewer | null; children: ReactNode; panel?: boolean; breadcrumb?: ReactNode; footer?: ReactNode; here?: string;
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
      {footer || here !== undefined
        ? <footer className="site-footer"><div className="container">{footer}{here !== undefined ? <LanguageSwitcher here={here} /> : null}</div></footer>
        : null}
    </>
  );
}
