import { Link } from 'react-router';
import type { HomeCampaignResults, HomeOverview } from '@postlark/shared/dashboard';
import { reportPath, ROUTES } from '@postlark/shared/routes';
import { HOME_ACTIONS, HOME_TEXTS, RESULT_LABELS } from '../home-content';
import { formatCount, formatRate, formatWhen } from '../home-format';
import { HomeEmpty } from './home-empty';
import './home-figures.css';

const ROWS: (keyof HomeCampaignResults)[] = ['sent', 'delivered', 'open_rate', 'click_rate', 'unsubscribes', 'bounces'];
const RATES = ['open_rate', 'click_rate'] as const;

// Counts are whole people: an average of 11,480.5 sends reads as noise, so averages are rounded.
const shown = (key: keyof HomeCampaignResults, value: number | null) =>
  key === 'open_rate' || key === 'click_rate' ? formatRate(value) : value === null ? '—' : formatCount(Math.round(value));

/** Open and click rates side by side, this campaign's over the average's; the table below has the figures. */
function RateBars({ last, average }: { last: HomeCampaignResults; average: HomeCampaignResults | null }) {
  const top = Math.max(0.05, ...RATES.flatMap((key) => [last[key] ?? 0, average?.[key] ?? 0]));
  const width = (value: number | null) => `${((value ?? 0) / top) * 100}%`;
  return (
    <div className="home-bars" aria-hidden="true">
      {RATES.map((key) => (
        <div key={key} className="home-bars__group">
          <span className="home-bars__label">{RESULT_LABELS[key]}</span>
          <span className="home-bars__track">
            <span className="home-bars__bar home-bars__bar--this" style={{ width: width(last[key]) }} />
          </span>
          <span className="home-bars__value">{formatRate(last[key])}</span>
          {average && (
            <>
              <span className="home-bars__label home-bars__label--quiet">Average</span>
              <span className="home-bars__track">
                <span className="home-bars__bar home-bars__bar--average" style={{ width: width(average[key]) }} />
              </span>
              <span className="home-bars__value home-bars__value--quiet">{formatRate(average[key])}</span>
            </>
          )}
        </div>
      ))}
    </div>
  );
}

/** The newest sent campaign's results beside the account's average over its sent campaigns. */
export function HomeLastCampaign({ last, average }: Pick<HomeOverview, 'average'> & { last: HomeOverview['last_campaign'] }) {
  return (
    <section className="dash-card home-card home-last" aria-labelledby="home-last-title">
      <div className="home-card__head">
        <h2 id="home-last-title" className="home-card__title">
          {HOME_TEXTS.lastTitle}
        </h2>
        {last && (
          <Link className="home-card__link" to={reportPath(last.id)}>
            {HOME_ACTIONS.report}
          </Link>
        )}
      </div>
      {!last ? (
        <HomeEmpty title={HOME_TEXTS.lastEmptyTitle} text={HOME_TEXTS.lastEmptyText}>
          <Link className="btn btn--primary" to={ROUTES.newCampaign}>
            {HOME_ACTIONS.newCampaign}
          </Link>
        </HomeEmpty>
      ) : (
        <>
          <p className="home-last__name">
            <Link to={reportPath(last.id)}>{last.name}</Link>
            <span className="home-last__when">Sent {formatWhen(last.started_at)}</span>
          </p>
          <RateBars last={last.results} average={average?.results ?? null} />
          <table className="home-table home-table--compare">
            <caption className="visually-hidden">{`${last.name}: results beside your average`}</caption>
            <thead>
              <tr>
                <th scope="col">Result</th>
                <th scope="col">{HOME_TEXTS.thisCampaign}</th>
                <th scope="col">{HOME_TEXTS.average}</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((key) => (
                <tr key={key}>
                  <th scope="row">{RESULT_LABELS[key]}</th>
                  <td>{shown(key, last.results[key])}</td>
                  <td>{average ? shown(key, average.results[key]) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="home-card__note">
            {average && `${HOME_TEXTS.averageOver(average.campaigns)} `}
            {HOME_TEXTS.openRateNote}
          </p>
        </>
      )}
    </section>
  );
}
