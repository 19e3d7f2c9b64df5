import { useId, useMemo, useState } from "react";
import { Dialog } from "../../../islands/components/Dialog";
import type { ClassSpecRow, ServiceTypeRow } from "../../shared/schemas/responses";
import { fieldErrors, type FieldErrors } from "../../../islands/components/formErrors";
import { classRestrictionInputSchema, type ClassRestrictionInput } from "./schemas";
import { T } from "../../shared/text";
import { classColour } from "../../shared/wowClasses";
import { FieldError, FieldGroup, SelectField } from "../../../islands/components/runForm/fields";

/**
 * Add Class: a class, its specs (shown once a class is picked; choosing a
 * class clears them) and a service type. Add stays disabled until a class and a spec are
 * chosen; saving or cancelling resets and closes.
 */
export function AddClassDialog({ open, onClose, onAdd, classSpecs, serviceTypes, exclude }: {
  open: boolean;
  onClose: () => void;
  onAdd: (restriction: ClassRestrictionInput) => void;
  classSpecs: ClassSpecRow[] | null;
  serviceTypes: ServiceTypeRow[] | null;
  /** Classes already on the run. */
  exclude: readonly string[];
}) {
  const [wowClass, setWowClass] = useState<string | null>(null);
  const [specs, setSpecs] = useState<string[]>([]);
  const [serviceType, setServiceType] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const specsId = useId();

  const classes = useMemo(() => {
    const seen = new Set<string>();
    for (const r of classSpecs ?? []) if (!exclude.includes(r.wowClass)) seen.add(r.wowClass);
    return [...seen].sort((a, b) => a.localeCompare(b)).map((c) => ({ value: c, label: c }));
  }, [classSpecs, exclude]);
  const classSpecsFor = useMemo(() => (classSpecs ?? []).filter((r) => r.wowClass === wowClass).map((r) => r.spec), [classSpecs, wowClass]);
  const services = useMemo(() => (serviceTypes ?? []).map((s) => ({ value: s.name, label: s.name })), [serviceTypes]);

  function reset() {
    setWowClass(null);
    setSpecs([]);
    setServiceType(null);
    setErrors({});
  }
  function close() {
    reset();
    onClose();
  }
  function add() {
    const parsed = classRestrictionInputSchema.safeParse({ wowClass: wowClass ?? "", specs, serviceType: serviceType ?? "" });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    onAdd(parsed.data);
    reset();
    onClose();
  }

  return (
    <Dialog
      open={open} onClose={close} title={T.runForm.addClassTitle}
      footer={(
        <>
          <button type="button" className="button button--ghost" onClick={close}>{T.runForm.cancel}</button>
          <button type="button" className="button button--primary" onClick={add} disabled={!wowClass || specs.length === 0}>{T.runForm.add}</button>
        </>
      )}
    >
      <div className="stack">
        <SelectField
          label={T.runForm.class} value={wowClass} options={classes} error={errors.wowClass} colourOf={classColour}
          onChange={(c) => { setWowClass(c); setSpecs([]); }}
        />
        {wowClass
          ? (
            <FieldGroup legend={T.runForm.specs} legendId={specsId}>
              <div className="checkbox-list">
                {classSpecsFor.map((spec) => (
                  <label key={spec}>
                    <input
                      type="checkbox" checked={specs.includes(spec)}
                      onChange={(e) => setSpecs((cur) => (e.target.checked ? [...cur, spec] : cur.filter((s) => s !== spec)))}
                    />
                    {spec}
                  </label>
                ))}
              </div>
              <FieldError id={`${specsId}-error`} message={errors.specs} />
            </FieldGroup>
          )
          : null}
        <SelectField label={T.runForm.serviceType} value={serviceType} options={services} onChange={setServiceType} error={errors.serviceType} />
      </div>
    </Dialog>
  );
}
