import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One administrators' section. Its content mounts only while expanded, so a section's data is
 * fetched only when someone opens it.
 */
export function AccordionSection({ name, title, children }: { name: string; title: string; children: () => ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = `accordion-body-${name}`;
  return (
    <section className="accordion-section" data-testid={`accordion-section-${name}`} data-expanded={open}>
      <button
        type="button"
        className="accordion-header"
        data-testid={`accordion-toggle-${name}`}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
      >
        <span>{title}</span>
        <span className="state">{open ? t('Hide') : t('Expand')}</span>
      </button>
      {open && (
        <div className="accordion-body" id={bodyId}>
          {children()}
        </div>
      )}
    </section>
  );
}
