// A day field for the staff console: text that shows and accepts the console's date format
// ('Sat 2026-11-28', or typed as 2026-11-28), whatever the browser's locale, where a native
// `type=date` shows mm/dd/yyyy. A button opens react-day-picker below it (the run form's
// calendar kit), and a clear button empties it. The parent holds the text and its error.
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { consoleDayLabel, consoleToday, readConsoleDay } from "../../src/domain/dateFormat";
import { T } from "../../src/shared/text";
import { DAY_COMPONENTS, DAY_LABELS, fromYmd, toYmd } from "./runForm/dayPicker";
import { DAY_PICKER_CLASSES, DAY_PICKER_MODIFIER_STYLES, DAY_PICKER_STYLES } from "./runForm/formLayout";

const D = T.dateField;

// The calendar (react-day-picker and its date library, about 21 KiB gzip) loads when first
// wanted, in the chunk the run form shares: the Activity tab's first load stays as it was.
const loadPicker = () => import("react-day-picker").then((m) => ({ default: m.DayPicker }));
const DayPicker = lazy(loadPicker);

/** The field's message for its text: none when empty or a day, else one naming the field and the format. */
export function dateFieldError(label: string, text: string): string | undefined {
  const typed = text.trim();
  return typed && !readConsoleDay(typed) ? D.unreadable({ label, typed }) : undefined;
}

/** Text as the field shows it once read: a day becomes 'Sat 2026-11-28', anything else stays as typed. */
export const dateFieldText = (text: string) => consoleDayLabel(text.trim()) ?? text;

const CalendarIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.5">
    <rect x="2" y="3" width="12" height="11" rx="1.5" /><path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
  </svg>
);

export function DateField({ label, name, text, onText, onLeave, error }: {
  label: string;
  /** The form field's name: without JavaScript the page reads the text itself. */
  name: string;
  text: string;
  onText: (text: string) => void;
  /** Called when focus leaves the text box, after a readable day has been written back as the console shows it. */
  onLeave?: (text: string) => void;
  error?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const day = readConsoleDay(text);
  const today = consoleToday();

  // A click anywhere else closes the calendar, as a menu would.
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => { if (!wrap.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus leaving, caught for the native controls inside
    <div
      ref={wrap} className="filter-group date-field"
      // Tabbing out of the field (calendar included) closes the calendar.
      onBlur={(e) => { if (open && e.relatedTarget && !wrap.current?.contains(e.relatedTarget as Node)) setOpen(false); }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <label htmlFor={id}>{label}</label>
      <div className="date-field__control">
        <input
          ref={input} id={id} name={name} type="text" className="input" autoComplete="off" spellCheck={false} maxLength={40}
          value={text} placeholder={D.placeholder}
          aria-invalid={error ? true : undefined} aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
          onChange={(e) => onText(e.target.value)}
          onBlur={() => {
            const shown = dateFieldText(text);
            if (shown !== text) onText(shown);
            onLeave?.(shown);
          }}
        />
        {text ? (
          <button type="button" className="button button--ghost button--icon button--small" aria-label={D.clear({ label })}
            onClick={() => { onText(""); onLeave?.(""); input.current?.focus(); }}>
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        <button ref={toggle} type="button" className="button button--ghost button--icon button--small" aria-label={D.pick({ label })}
          aria-expanded={open} aria-controls={`${id}-calendar`} onClick={() => setOpen((o) => !o)}
          // Fetched as the pointer or focus reaches the button, so it is usually there by the click.
          onPointerEnter={() => void loadPicker()} onFocus={() => void loadPicker()}>
          <CalendarIcon />
        </button>
      </div>
      <p id={`${id}-help`} className="field__help">{D.help}</p>
      {error ? <p id={`${id}-error`} className="field__error">{error}</p> : null}
      {/* biome-ignore lint/a11y/useSemanticElements: the calendar is a grid; the group names it */}
      <div id={`${id}-calendar`} className="date-field__calendar" role="group" aria-label={D.calendar({ label })} hidden={!open}>
        {open ? (
          <Suspense fallback={<p className="muted">{D.loading}</p>}>
          <DayPicker
            classNames={DAY_PICKER_CLASSES} styles={DAY_PICKER_STYLES} modifiersStyles={DAY_PICKER_MODIFIER_STYLES}
            mode="single" required selected={fromYmd(day ?? "")} defaultMonth={fromYmd(day ?? today)} today={fromYmd(today)}
            // Opening moves focus to the chosen day (or today): the arrows move, Enter picks.
            autoFocus labels={{ ...DAY_LABELS, labelNav: () => D.calendar({ label }) }} components={DAY_COMPONENTS}
            onSelect={(d: Date | undefined) => {
              if (!d) return;
              const shown = consoleDayLabel(toYmd(d)) ?? "";
              onText(shown);
              onLeave?.(shown);
              setOpen(false);
              input.current?.focus();
            }}
          />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
