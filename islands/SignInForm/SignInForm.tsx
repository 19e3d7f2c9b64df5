import { api } from "../runtime/api";
import { PasswordField, SubmitButton, TextField, FormStatus } from "../components/Field";
import { useSchemaForm } from "../components/schemaForm";
import { landingFor } from "../../src/domain/landing";
import { loginSchema } from "../../src/shared/schemas/auth";
import { T } from "../../src/shared/text";

/**
 * /auth email and password sign-in. Goes to returnTo (when safe) or the person's home.
 * Without JavaScript the form posts to the same endpoint, which redirects.
 */
export default function SignInForm({ returnTo = null, error = null, email = "" }: {
  returnTo?: string | null; error?: string | null;
  /** Kept from a failed no-JavaScript post (never the password). */
  email?: string;
}) {
  const form = useSchemaForm({ email, password: "" }, { error });
  const submit = form.onSubmit({
    parse: (values) => loginSchema.safeParse(values),
    networkError: T.auth.loginFailed,
    send: async (body) => {
      const { data, error } = await api.api.auth.login.post(body);
      if (data && typeof data === "object" && "user" in data) {
        window.location.assign(landingFor(data.user, returnTo));
        return "stay";
      }
      form.fail(error, T.auth.loginFailed);
    },
  });

  return (
    <form ref={form.formRef} method="post" action="/api/auth/login" onSubmit={submit} className="stack">
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <FormStatus error={form.formError} />
      <TextField label={T.account.email} type="email" name="email" autoComplete="username" required maxLength={255} {...form.text("email")} />
      <PasswordField label={T.account.password} name="password" autoComplete="current-password" required {...form.text("password")} />
      <SubmitButton pending={form.pending} label={T.account.signIn} busyLabel={T.account.signingIn} />
    </form>
  );
}
