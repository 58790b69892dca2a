import { type MouseEvent, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import type { CalendarCampaign } from '@postlark/shared/campaign-calendar';
import { campaignPath } from '@postlark/shared/routes';
import { Modal } from '../../../components/ui/modal';
import { useMediaQuery } from '../../../lib/use-media-query';
import { addMonths, byDay, dayKey, gridRange, type Month, monthOf, monthWeeks } from '../calendar-month';
import { CALENDAR_TEXTS } from '../top-bar-tools-content';
import { useCampaignCalendar } from '../use-campaign-calendar';
import { CampaignStatusPill } from '../../../components/ui/campaign-status-pill';
import { DashboardIcon } from './dashboard-icon';
import './campaign-calendar.css';

// Below this width seven columns are too narrow for names: the month is a list of its days instead.
const PHONE_QUERY = '(max-width: 640px)';
// A day's cell shows this many at first; "+N more" shows the rest.
const PER_CELL = 3;

const monthName = ({ year, month }: Month) =>
  new Date(year, month, 1).toLocaleDateString('en', {
    month: 'long',
    year: 'numeric',
  });
const timeOf = (at: string) => new Date(at).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const longDay = (day: Date) =>
  day.toLocaleDateString('en', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
const WEEKDAYS = monthWeeks({ year: 2024, month: 0 })[1]!.map((day) => ({
  short: day.toLocaleDateString('en', { weekday: 'short' }),
  long: day.toLocaleDateString('en', { weekday: 'long' }),
}));

/** A click the browser keeps for itself (a new tab or window), leaving this page as it is. */
const opensElsewhere = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

function Entry({ campaign, onOpen }: { campaign: CalendarCampaign; onOpen(): void }) {
  return (
    // The campaign's page opens behind the dialog, so the dialog closes; not when it opens in another tab.
    <Link className={`calendar-entry calendar-entry--${campaign.status}`} to={campaignPath(campaign.id)} onClick={(event) => {
        if (!opensElsewhere(event)) onOpen();
      }}>
      <span className="calendar-entry__name">{campaign.name}</span>
      {campaign.subject && <span className="calendar-entry__subject">{campaign.subject}</span>}
      <time className="calendar-entry__time" dateTime={campaign.at}>
        {timeOf(campaign.at)}
      </time>
      <CampaignStatusPill status={campaign.status} />
    </Link>
  );
}

/** The top bar's calendar icon and the month view it opens: scheduled and sent campaigns by day. */
export function CampaignCalendar() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="top-bar__icon-button" aria-label={CALENDAR_TEXTS.open} aria-haspopup="dialog" title={CALENDAR_TEXTS.title} onClick={() => setOpen(true)}>
        <DashboardIcon name="calendar" />
      </button>
      <Modal open={open} title={CALENDAR_TEXTS.title} description={CALENDAR_TEXTS.description} onClose={() => setOpen(false)}>
        <CalendarMonth onOpenCampaign={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function CalendarMonth({ onOpenCampaign }: { onOpenCampaign(): void }) {
  const [month, setMonth] = useState(() => monthOf(new Date()));
  // Days whose cell shows all its campaigns, after "+N more".
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const phone = useMediaQuery(PHONE_QUERY);
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const { from, to } = useMemo(() => gridRange(weeks), [weeks]);
  const state = useCampaignCalendar(from, to);
  const days = useMemo(() => byDay(state.phase === 'done' ? state.campaigns : []), [state]);
  const today = dayKey(new Date());
  const title = monthName(month);
  const inMonth = (day: Date) => day.getMonth() === month.month;
  const monthDays = weeks.flat().filter((day) => inMonth(day) && days.has(dayKey(day)));

  return (
    <div className="campaign-calendar">
      <div className="campaign-calendar__bar">
        <button
          type="button"
          className="campaign-calendar__step campaign-calendar__step--previous"
          aria-label={CALENDAR_TEXTS.previous}
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <DashboardIcon name="chevronRight" size={18} />
        </button>
        <h3 className="campaign-calendar__month" aria-live="polite">
          {title}
        </h3>
        <button type="button" className="campaign-calendar__step" aria-label={CALENDAR_TEXTS.next} onClick={() => setMonth(addMonths(month, 1))}>
          <DashboardIcon name="chevronRight" size={18} />
        </button>
        <button type="button" className="campaign-calendar__today" onClick={() => setMonth(monthOf(new Date()))}>
          {CALENDAR_TEXTS.today}
        </button>
      </div>
      <p className="campaign-calendar__note" aria-live="polite">
        {state.phase === 'loading' ? CALENDAR_TEXTS.loading : state.phase === 'failed' ? CALENDAR_TEXTS.failed : monthDays.length === 0 ? CALENDAR_TEXTS.empty(title) : ''}
      </p>
      {phone ? (
        <ol className="campaign-calendar__days" aria-label={title}>
          {monthDays.map((day) => (
            <li key={dayKey(day)} className="campaign-calendar__day-row">
              <h4 className="campaign-calendar__day-name" aria-current={dayKey(day) === today ? 'date' : undefined}>
                {longDay(day)}
                {dayKey(day) === today && <span className="campaign-calendar__today-tag">{CALENDAR_TEXTS.today}</span>}
              </h4>
              <ul className="campaign-calendar__entries">
                {days.get(dayKey(day))!.map((campaign) => (
                  <li key={campaign.id}>
                    <Entry campaign={campaign} onOpen={onOpenCampaign} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : (
        <table className="campaign-calendar__grid" aria-label={title}>
          <thead>
            <tr>
              {WEEKDAYS.map((weekday) => (
                <th key={weekday.long} scope="col" abbr={weekday.long}>
                  {weekday.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={dayKey(week[0]!)}>
                {week.map((day) => {
                  const key = dayKey(day);
                  const entries = days.get(key) ?? [];
                  const classes = ['campaign-calendar__cell', inMonth(day) ? '' : 'campaign-calendar__cell--outside', key === today ? 'campaign-calendar__cell--today' : ''];
                  return (
                    <td key={key} className={classes.filter(Boolean).join(' ')} aria-current={key === today ? 'date' : undefined}>
                      <span className="campaign-calendar__date" aria-hidden="true">
                        {day.getDate()}
                      </span>
                      <span className="visually-hidden">{longDay(day)}</span>
                      {(expanded.has(key) ? entries : entries.slice(0, PER_CELL)).map((campaign) => (
                        <Entry key={campaign.id} campaign={campaign} onOpen={onOpenCampaign} />
                      ))}
                      {entries.length > PER_CELL && !expanded.has(key) && (
                        <button
                          type="button"
                          className="campaign-calendar__more"
                          onClick={(event) => {
                            // The button goes away with its click: the focus moves to the first entry it revealed, not to <body> behind the dialog.
                            const cell = event.currentTarget.closest('td')!;
                            flushSync(() => setExpanded(new Set([...expanded, key])));
                            cell.querySelectorAll<HTMLElement>('.calendar-entry')[PER_CELL]?.focus();
                          }}
                        >
                          {CALENDAR_TEXTS.more(entries.length - PER_CELL)}
                        </button>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
