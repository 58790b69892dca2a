import { Link } from 'react-router';
import { FLOW_LIMITS } from '@postlark/shared/automations-messages';
import type { Flow } from '@postlark/shared/automations-views';
import { Button } from '../../../components/ui/button';
import { AUTOMATION_TEXTS, AUTOMATIONS_PATH } from '../automations-content';
import { FlowStatusBadge } from './flow-status-badge';
import './flow-header.css';

interface FlowHeaderProps {
  flow: Flow;
  /** People in the flow now and all who entered, as the live counts have them. */
  people: { active: number; entered: number };
  name: string;
  dirty: boolean;
  busy: 'save' | 'activate' | 'pause' | null;
  onName(name: string): void;
  onSave(): void;
  onActivate(): void;
  onPause(): void;
  onTest(): void;
  onHistory(): void;
}

/** The builder's head: the name (edited in place), where the flow stands, and what can be done with it. */
export function FlowHeader({ flow, people, name, dirty, busy, onName, onSave, onActivate, onPause, onTest, onHistory }: FlowHeaderProps) {
  return (
    <header className="flow-header">
      <Link className="flow-back" to={AUTOMATIONS_PATH}>
        ← Automations
      </Link>
      <div className="flow-header__row">
        <div className="flow-header__title">
          {/* The name is edited in place, so the page's heading (for screen readers' outline) is hidden. */}
          <h1 className="visually-hidden">{flow.name}</h1>
          <label className="visually-hidden" htmlFor="flow-name">
            Flow name
          </label>
          <input id="flow-name" className="flow-header__name" maxLength={FLOW_LIMITS.name} value={name} onChange={(event) => onName(event.target.value)} />
          <div className="flow-header__meta">
            <FlowStatusBadge status={flow.status} />
            <span>Version {flow.version}</span>
            <span>
              {people.active.toLocaleString('en')} in it now · {people.entered.toLocaleString('en')} entered
            </span>
            <span className={`flow-header__saved${dirty ? ' flow-header__saved--dirty' : ''}`} role="status">
              {dirty ? AUTOMATION_TEXTS.unsaved : AUTOMATION_TEXTS.allSaved}
            </span>
          </div>
        </div>
        <div className="flow-header__actions">
          <Button variant="ghost" onClick={onTest}>
            Test with a person
          </Button>
          <Button variant="ghost" onClick={onHistory}>
            History
          </Button>
          <Button variant="secondary" disabled={busy !== null || !dirty} onClick={onSave}>
            {busy === 'save' ? 'Saving...' : 'Save'}
          </Button>
          {flow.status === 'active' ? (
            <Button variant="secondary" disabled={busy !== null} onClick={onPause}>
              {busy === 'pause' ? 'Pausing...' : 'Pause'}
            </Button>
          ) : (
            <Button disabled={busy !== null} onClick={onActivate}>
              {busy === 'activate' ? 'Activating...' : dirty ? 'Save and activate' : 'Activate'}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
