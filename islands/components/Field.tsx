import { useId, useState, type InputHTMLAttributes } from "react";
import { T } from "../../src/shared/text";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "type">;

/** A labelled input with optional help and error text wired to it for screen readers. */
export function TextField({ label, error, help, type = "text", ...input }: InputProps & {
  label: string; error?: string; help?: string; type?: "text" | "email";
}) {
  const id = useId();
  const describedBy = [help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <input id={id} className="input" type={type} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {help ? <p id={`${id}-help`} className="field__help">{help}</p> : null}
      {error ? <p id={`${id}-error`} className="field__error">{error}</p> : null}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, help, showLabel = T.account.showPassword, hideLabel = T.account.hidePassword, ...input }: InputProps & {
  label: string; error?: string; help?: string; showLabel?: string; hideLabel?: string;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = [help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <div className="password-field">
        <input id={id} className="input" type={shown ? "text" : "password"} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        <button type="button" className="button button--icon button--small" aria-label={shown ? hideLabel : showLabel} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          <EyeIcon crossed={shown} />
        </button>
      </div>
      {help ? <p id={`${id}-help`} className="field__help">{help}</p> : null}
      {error ? <p id={`${id}-error`} className="field__error">{error}</p> : null}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

/**
 * The form's outcome: failures as an alert, success in a polite status region that is
 * always present (so screen readers announce what appears in it).
 */
export function FormStatus({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <>
      {error ? <p role="alert" className="field__error form-status form-status--error">{error}</p> : null}
      <div role="status" aria-live="polite">
        {success ? <p className="form-status form-status--success">{success}</p> : null}
      </div>
    </>
  );
}
