import { WAITLIST_MESSAGE_MAX_LENGTH } from '@postlark/shared/waitlist';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { webEnv } from '../../../config/env';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { HELP_TEXTS, HOW_TOS } from '../help-content';
import { useHelpMessage } from '../use-help-message';
import { DashboardIcon } from './dashboard-icon';
import './help-panel.css';

interface HelpPanelProps {
  /** The signed-in customer: the message goes to the operators as theirs. */
  customerId: string | null;
  /** Their account's address, where the answer goes. */
  email: string;
}

/**
 * The top bar's Help (issue 23): a button that opens a side panel of how-tos, the API
 * documentation and a message form. The draft lives here, outside the panel, so closing the panel
 * keeps what was typed; Escape closes it and focus goes back to Help (the Modal's doing).
 */
export function HelpPanel({ customerId, email }: HelpPanelProps) {
  const [open, setOpen] = useState(false);
  const form = useHelpMessage(customerId, email);
  const close = () => setOpen(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.send();
  }

  return (
    <>
      <button type="button" className="top-bar__help help-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <DashboardIcon name="help" />
        <span className="top-bar__help-label">{HELP_TEXTS.title}</span>
      </button>
      <Modal variant="side" initialFocus="dialog" open={open} title={HELP_TEXTS.title} description={HELP_TEXTS.lead} onClose={close}>
        <div className="help-panel">
          <section aria-labelledby="help-how-tos">
            <h3 id="help-how-tos" className="help-panel__heading">
              {HELP_TEXTS.howTosTitle}
            </h3>
            <ul className="help-panel__topics">
              {HOW_TOS.map((howTo) => (
                <li key={howTo.id}>
                  <details className="help-topic">
                    <summary className="help-topic__summary">
                      <span className="help-topic__icon">
                        <DashboardIcon name={howTo.icon} size={18} />
                      </span>
                      <span className="help-topic__title">{howTo.title}</span>
                      <span className="help-topic__chevron">
                        <DashboardIcon name="chevronDown" size={16} />
                      </span>
                    </summary>
                    <div className="help-topic__body">
                      <p>{howTo.steps.join(' ')}</p>
                      <Link className="help-topic__link" to={howTo.link.to} onClick={close}>
                        {howTo.link.label}
                        <DashboardIcon name="chevronRight" size={16} />
                      </Link>
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          </section>
          <PanelSection id="help-api" title={HELP_TEXTS.apiTitle} text={HELP_TEXTS.apiText}>
            <a className="help-topic__link" href={webEnv.apiDocsUrl} target="_blank" rel="noopener noreferrer">
              {HELP_TEXTS.apiLink}
              <DashboardIcon name="chevronRight" size={16} />
            </a>
          </PanelSection>
          <PanelSection id="help-contact" title={HELP_TEXTS.contactTitle} text={HELP_TEXTS.contactText(email)}>
            <form className="help-panel__form" noValidate onSubmit={submit}>
              <TextAreaField
                label={HELP_TEXTS.messageLabel}
                rows={5}
                maxLength={WAITLIST_MESSAGE_MAX_LENGTH}
                value={form.message}
                error={form.error}
                onChange={(event) => form.change(event.target.value)}
              />
              <Button type="submit" disabled={form.sending}>
                {form.sending ? HELP_TEXTS.sending : HELP_TEXTS.send}
              </Button>
            </form>
          </PanelSection>
        </div>
      </Modal>
    </>
  );
}

/** One of the panel's boxes below the how-tos: a heading, a line of text, and what it offers. */
function PanelSection({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section className="help-panel__card" aria-labelledby={id}>
      <h3 id={id} className="help-panel__heading">
        {title}
      </h3>
      <p className="help-panel__text">{text}</p>
      {children}
    </section>
  );
}
