import { useState } from 'react';
import type { SubscriberSummary } from '@postlark/shared/audience';
import type { FlowTestResult } from '@postlark/shared/automations-views';
import type { PersonEvent } from '@postlark/shared/events';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { formatMoment } from '../automations-content';
import './flow-panel.css';

export interface TestPersonState {
  people: SubscriberSummary[] | null;
  person: SubscriberSummary | null;
  events: PersonEvent[] | null;
  result: FlowTestResult | null;
  busy: boolean;
  error: string;
}

interface TestPersonDialogProps {
  open: boolean;
  state: TestPersonState;
  /** Step ids to the titles the canvas shows. */
  titles: ReadonlyMap<string, string>;
  unsaved: boolean;
  onSearch(text: string): void;
  onPickPerson(person: SubscriberSummary): void;
  onRun(event: PersonEvent | null): void;
  onClose(): void;
}

const eventKey = (event: PersonEvent) => `${event.name}@${event.occurred_at}`;

/** Pick a subscriber and one of their past events: the path they would take, and why. Nothing is sent. */
export function TestPersonDialog({ open, state, titles, unsaved, onSearch, onPickPerson, onRun, onClose }: TestPersonDialogProps) {
  const [text, setText] = useState('');
  const [eventChoice, setEventChoice] = useState('now');
  const chosenEvent = state.events?.find((event) => eventKey(event) === eventChoice) ?? null;
  return (
    <Modal variant="side" open={open} title="Test with a person" description="See the path someone would take through the saved flow, and why. Nothing is sent or changed." onClose={onClose}>
      <div className="flow-test">
        {unsaved && <p className="notice">The test reads the saved version: save your changes first to try them.</p>}
        <form
          className="flow-test__search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(text);
          }}
        >
          <TextField id="test-person-search" label="Find a subscriber" placeholder="Name or email" value={text} onChange={(event) => setText(event.target.value)} />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        {state.people && state.people.length === 0 && <p className="flow-panel__note">Nobody matches “{text}”.</p>}
        {state.people && state.people.length > 0 && (
          <fieldset className="flow-fieldset">
            <legend className="form-field__label">Subscriber</legend>
            {state.people.map((person) => (
              <label key={person.id} className="flow-radio">
                <input
                  type="radio"
                  name="test-person"
                  checked={state.person?.id === person.id}
                  onChange={() => {
                    setEventChoice('now');
                    onPickPerson(person);
                  }}
                />
                <span>
                  {person.email}
                  {(person.first_name || person.last_name) && <span className="flow-test__muted"> — {`${person.first_name} ${person.last_name}`.trim()}</span>}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {state.person && (
          <fieldset className="flow-fieldset">
            <legend className="form-field__label">Start from</legend>
            <label className="flow-radio">
              <input type="radio" name="test-event" checked={eventChoice === 'now'} onChange={() => setEventChoice('now')} />
              Now, without an event
            </label>
            {state.events === null && <p role="status">Loading their events...</p>}
            {state.events?.length === 0 && <p className="flow-panel__note">They have no events yet.</p>}
            {state.events?.map((event) => (
              <label key={eventKey(event)} className="flow-radio">
                <input type="radio" name="test-event" checked={eventChoice === eventKey(event)} onChange={() => setEventChoice(eventKey(event))} />
                <span>
                  {event.name} <span className="flow-test__muted">{formatMoment(event.occurred_at)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {state.person && (
          <Button disabled={state.busy} onClick={() => onRun(chosenEvent)}>
            {state.busy ? 'Testing...' : 'Run the test'}
          </Button>
        )}
        {state.error && (
          <p className="notice notice--error" role="alert">
            {state.error}
          </p>
        )}
        {state.result && (
          <section className="flow-test__result" aria-label="Test result" aria-live="polite">
            <p className={`flow-test__verdict flow-test__verdict--${state.result.enters ? 'enters' : 'refused'}`}>
              <strong>{state.result.enters ? 'Would enter the flow.' : 'Would not enter the flow.'}</strong> {state.result.reason}
            </p>
            {state.result.path.length > 0 && (
              <ol className="flow-test__path">
                {state.result.path.map((step, index) => (
                  <li key={`${step.step_id}-${index}`} className="flow-test__step">
                    <span className="flow-test__step-name">{titles.get(step.step_id) ?? step.step_id}</span>
                    <span className="flow-test__outcome">{step.outcome.replaceAll('_', ' ')}</span>
                    <span className="flow-test__reason">{step.reason}</span>
                    <span className="flow-test__muted">{formatMoment(step.at)}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}
