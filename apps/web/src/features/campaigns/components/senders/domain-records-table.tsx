import { Fragment, useState } from 'react';
import type { DomainRecord } from '@postlark/shared/senders';
import { SENDER_TEXTS } from '../../campaigns-content';
import { CopyButton } from './copy-button';
import { RecordStateChip } from './sender-status';

// A value past this many characters (a DKIM key is about 400) is shown on two lines until opened;
// its Copy button always copies the whole of it.
const LONG_VALUE = 90;

/** The records a domain asks for: what each is for, what to publish, and what the last check found. */
export function DomainRecordsTable({ domain, records }: { domain: string; records: readonly DomainRecord[] }) {
  return (
    <div className="domain-records">
      <table aria-label={SENDER_TEXTS.recordsLabel(domain)}>
        <thead>
          <tr>
            <th scope="col">Record</th>
            <th scope="col">Type</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <RecordRow key={record.purpose} domain={domain} record={record} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecordRow({ domain, record }: { domain: string; record: DomainRecord }) {
  const purpose = SENDER_TEXTS.recordPurpose[record.purpose];
  const [whole, setWhole] = useState(false);
  const long = record.value.length > LONG_VALUE;
  const valueId = `record-${domain}-${record.purpose}-value`;
  return (
    <tr className={`domain-record domain-record--${record.state}`}>
      <th scope="row" className="domain-record__purpose">
        <span className="domain-record__title">
          {purpose.label}
          <span className={`domain-record__need${record.required ? ' domain-record__need--required' : ''}`}>{record.required ? SENDER_TEXTS.required : SENDER_TEXTS.recommended}</span>
        </span>
        <span className="domain-record__why">{purpose.why}</span>
      </th>
      <td className="domain-record__type" data-label="Type">
        <code>{record.type}</code>
      </td>
      <td data-label="Name">
        <div className="domain-record__copyable">
          <code className="domain-record__code">{atDots(record.name)}</code>
          <CopyButton value={record.name} label={SENDER_TEXTS.copyLabel(purpose.label, 'name', domain)} copiedStatus={SENDER_TEXTS.copiedStatus(purpose.label, 'name')} />
        </div>
      </td>
      <td data-label="Value">
        <div className="domain-record__copyable">
          <code id={valueId} className={`domain-record__code domain-record__value${long && !whole ? ' domain-record__value--clipped' : ''}`}>
            <span>{record.value}</span>
          </code>
          <CopyButton value={record.value} label={SENDER_TEXTS.copyLabel(purpose.label, 'value', domain)} copiedStatus={SENDER_TEXTS.copiedStatus(purpose.label, 'value')} />
        </div>
        {long && (
          <button type="button" className="domain-record__more" aria-expanded={whole} aria-controls={valueId} aria-label={`${whole ? SENDER_TEXTS.showLess : SENDER_TEXTS.showWhole} of the ${purpose.label} value`} onClick={() => setWhole((open) => !open)}>
            {whole ? SENDER_TEXTS.showLess : SENDER_TEXTS.showWhole}
          </button>
        )}
      </td>
      <td className="domain-record__state" data-label="Status">
        <RecordStateChip record={record} />
      </td>
    </tr>
  );
}

/** A DNS name that may wrap after any of its dots, never inside a label. */
function atDots(name: string) {
  return name.split('.').map((label, index, labels) => (
    <Fragment key={index}>
      {label}
      {index < labels.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}
