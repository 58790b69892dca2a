import { type FormEvent, useMemo, useState } from 'react';
import { campaignScheduleSchema, type CampaignSchedule } from '@postlark/shared/campaigns';
import { STO_MESSAGES } from '@postlark/shared/send-time-optimisation';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { browserTimeZone, suggestedSendAt, timeZoneOptions } from '../schedule';

interface ScheduleDialogProps {
  open: boolean;
  busy: boolean;
  /** The schedule already set, offered again. */
  current: { timezone: string | null } | null;
  /** The server's field messages when it refused. */
  errors: Record<string, string>;
  audienceSummary: string;
  /** Sent at each person's best time: the window's hours; null: all at the chosen time. */
  windowHours?: number | null;
  onSchedule(body: CampaignSchedule): void;
  onClose(): void;
}

/** A date and time on a chosen timezone's clock; the browser's own zone first. */
export function ScheduleDialog({ open, busy, current, errors, audienceSummary, windowHours = null, onSchedule, onClose }: ScheduleDialogProps) {
  const spread = windowHours === null ? '' : ` ${STO_MESSAGES.overWindow(windowHours)}`;
  return (
    <Modal open={open} title="Schedule campaign" description={`It goes to ${audienceSummary} at the time you choose.${spread}`} onClose={busy ? () => undefined : onClose}>
      {open && <ScheduleForm busy={busy} current={current} errors={errors} onSchedule={onSchedule} onClose={onClose} />}
    </Modal>
  );
}

function ScheduleForm({ busy, current, errors, onSchedule, onClose }: Omit<ScheduleDialogProps, 'open' | 'audienceSummary' | 'windowHours'>) {
  const [timezone, setTimezone] = useState(() => current?.timezone ?? browserTimeZone());
  const [sendAt, setSendAt] = useState(() => suggestedSendAt(new Date(), current?.timezone ?? browserTimeZone()));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const zones = useMemo(() => timeZoneOptions(browserTimeZone(), current?.timezone), [current?.timezone]);
  const shown = { ...errors, ...problems };

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = campaignScheduleSchema.safeParse({ send_at: sendAt, timezone });
    if (!result.success) {
      setProblems(fieldErrors(result.error));
      return;
    }
    setProblems({});
    onSchedule(result.data);
  }

  return (
    <form className="campaign-dialog-form" noValidate onSubmit={submit}>
      <TextField label="Date and time" type="datetime-local" value={sendAt} error={shown.send_at} onChange={(event) => setSendAt(event.target.value)} />
      <SelectField label="Timezone" value={timezone} error={shown.timezone} onChange={(event) => setTimezone(event.target.value)}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </SelectField>
      <div className="campaign-dialog-form__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Scheduling...' : 'Schedule'}
        </Button>
      </div>
    </form>
  );
}
