import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { T } from "../../src/shared/text";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "type">;
/** What every field of the family takes besides its control's own attributes. */
type FieldProps = { label: string; error?: string; help?: ReactNode };
/** The attributes that tie a control to its label, help and error text. */
export type ControlWiring = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * The frame every field shares: a label, the control (`children`, handed the ids to wire),
 * then help and error text that screen readers read with the control.
 */
export function FieldFrame({ label, error, help, children }: FieldProps & { children: (wiring: ControlWiring) => ReactNode }) {
  const id = useId();
  const describedBy = [help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {help ? <p id={`${id}-help`} className="field__help">{help}</p> : null}
      {error ? <p id={`${id}-error`} className="field__error">{error}</p> : null}
    </div>
  );
}

/** A labelled input with optional help and error text wired to it for screen readers. */
export function TextField({ label, error, help, type = "text", ...input }: InputProps & FieldProps & { type?: "text" | "email" }) {
  return (
    <FieldFrame label={label} error={error} help={help}>
      {(wiring) => <input {...wiring} className="input" type={type} {...input} />}
    </FieldFrame>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField({ label, error, help, ...area }: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className"> & FieldProps) {
  return (
    <FieldFrame label={label} error={error} help={help}>
      {(wiring) => <textarea {...wiring} className="textarea" {...area} />}
    </FieldFrame>
  );
}

/** A labelled select over fixed text choices (for choices that may be empty or numeric, see the run forms' SelectField). */
export function ChoiceField<V extends string>({ label, error, help, value, choices, onChoose, ...select }: Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className" | "value" | "onChange"> & FieldProps & {
  /** `lang`: a choice written in another language (a language's own name), so it is read in that one. */
  value: V; choices: readonly { value: V; label: string; lang?: string }[]; onChoose: (v: V) => void;
}) {
  return (
    <FieldFrame label={label} error={error} help={help}>
      {(wiring) => (
        <select {...wiring} className="select" value={value} {...select}
          onChange={(e) => {
            const hit = choices.find((c) => c.value === e.currentTarget.value);
            if (hit) onChoose(hit.value);
          }}>
          {choices.map((c) => <option key={c.value} value={c.value} lang={c.lang}>{c.label}</option>)}
        </select>
      )}
    </FieldFrame>
  );
}

/** The gaming nickname: 2 to 30 characters, checked by the browser until hydration. */
export function NicknameField({ label = T.account.gamingNickname, ...input }: Omit<InputProps, "name"> & { label?: string; error?: string }) {
  return <TextField label={label} name="nickname" autoComplete="nickname" required minLength={2} maxLength={30} help={T.account.nicknameHelp} {...input} />;
}

/** A form's primary button: busy (and its label saying so) while the form is pending. */
export function SubmitButton({ pending, disabled = false, label, busyLabel }: { pending: boolean; disabled?: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button button--primary" disabled={pending || disabled} aria-busy={pending}>
      {pending ? busyLabel : label}
    </button>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, help, showLabel = T.account.showPassword, hideLabel = T.account.hidePassword, ...input }: InputProps & FieldProps & {
  showLabel?: string; hideLabel?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame label={label} error={error} help={help}>
      {(wiring) => (
        <div className="password-field">
          <input {...wiring} className="input" type={shown ? "text" : "password"} {...input} />
          <button type="button" className="button button--icon button--small" aria-label={shown ? hideLabel : showLabel} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
            <EyeIcon crossed={shown} />
          </button>
        </div>
      )}
    </FieldFrame>
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
