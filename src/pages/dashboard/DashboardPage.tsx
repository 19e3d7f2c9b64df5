import type { ReactNode } from "react";
import { Layout } from "../layout";
import { Island } from "../island";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";

/** /dashboard: the booster's own runs. */
export function DashboardPage({ viewer, children }: { viewer: Viewer; children?: ReactNode }) {
  return (
    <Layout viewer={viewer} panel>
      <h1>{T.booster.heading}</h1>
      {children}
      <Island name="Toaster" props={{}} />
    </Layout>
  );
}
