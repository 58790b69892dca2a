import { useState } from 'react';
import { Link } from 'react-router';
import { HOME_SHORT_GROWTH_DAYS, type HomeOverview } from '@postlark/shared/dashboard';
import { INTEGRATIONS_PATH, ROUTES } from '@postlark/shared/routes';
import { ChartViews } from '../../../components/ui/chart-parts';
import { HOME_ACTIONS, HOME_TEXTS } from '../home-content';
import { formatChange, formatChangeShare, formatCount, formatDay } from '../home-format';
import { HomeAudienceChart } from './home-audience-chart';
import { HomeEmpty } from './home-empty';
import './home-figures.css';

type Period = '30' | '90';
type Shape = 'chart' | 'table';
const PERIODS: Record<Period, string> = { '30': '30 days', '90': '90 days' };
const SHAPES: Record<Shape, string> = { chart: 'Chart', table: 'Table' };

function Growth({ change, size, days }: { change: number; size: number; days: number }) {
  const share = formatChangeShare(change, size);
  const tone = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  return (
    <div className={`home-growth home-growth--${tone}`}>
      <dt>{HOME_TEXTS.growthIn(days)}</dt>
      <dd>
        <strong>{formatChange(change)}</strong>
        {share && <span> ({share})</span>}
      </dd>
    </div>
  );
}

/** The audience now, its growth over 30 and 90 days, and each day's size as a chart or a table. */
export function HomeAudience({ audience, hasOrders }: { audience: HomeOverview['audience']; hasOrders: boolean }) {
  const [period, setPeriod] = useState<Period>('30');
  const [shape, setShape] = useState<Shape>('chart');
  const days = audience.days.slice(period === '30' ? -HOME_SHORT_GROWTH_DAYS : 0);
  const nothing = audience.size === 0 && audience.days.every((day) => day.joined === 0 && day.left === 0);
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last
      ? `Audience over the last ${PERIODS[period]}: ${formatCount(first.size)} on ${formatDay(first.date, true)}, ${formatCount(last.size)} on ${formatDay(last.date, true)}.`
      : '';

  return (
    <section className="dash-card home-card home-audience" aria-labelledby="home-audience-title">
      <div className="home-card__head">
        <h2 id="home-audience-title" className="home-card__title">
          {HOME_TEXTS.audienceTitle}
        </h2>
        {!nothing && (
          <div className="home-audience__views">
            <ChartViews<Period> views={PERIODS} value={period} onChange={setPeriod} label={HOME_TEXTS.period} />
            <ChartViews<Shape> views={SHAPES} value={shape} onChange={setShape} label={HOME_TEXTS.chartOrTable} />
          </div>
        )}
      </div>
      <dl className="home-audience__figures">
        <div className="home-audience__size">
          <dt>{HOME_TEXTS.audienceUnit}</dt>
          <dd>{formatCount(audience.size)}</dd>
        </div>
        <Growth change={audience.growth_30d} size={audience.size} days={30} />
        <Growth change={audience.growth_90d} size={audience.size} days={90} />
      </dl>
      {nothing ? (
        <HomeEmpty title={HOME_TEXTS.audienceEmptyTitle} text={HOME_TEXTS.audienceEmptyText}>
          <Link className="btn btn--primary" to={ROUTES.subscribers}>
            {HOME_ACTIONS.addSubscribers}
          </Link>
          <Link className="btn btn--secondary" to={ROUTES.imports}>
            {HOME_ACTIONS.importCsv}
          </Link>
        </HomeEmpty>
      ) : shape === 'chart' ? (
        <HomeAudienceChart days={days} summary={summary} />
      ) : (
        <div className="home-table-scroll" tabIndex={0} role="region" aria-label={`Audience by day, last ${PERIODS[period]}`}>
          <table className="home-table">
            <caption className="visually-hidden">Audience by day, last {PERIODS[period]}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Subscribers</th>
                <th scope="col">Joined</th>
                <th scope="col">Left</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date, true)}</th>
                  <td>{formatCount(day.size)}</td>
                  <td>{day.joined > 0 ? `+${formatCount(day.joined)}` : '0'}</td>
                  <td>{day.left > 0 ? `−${formatCount(day.left)}` : '0'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* Who buys, not only who reads: the purchase insights built from this audience's orders. Without
          orders that page is all zeros (a newsletter without a shop), so Home says what it needs instead. */}
      {hasOrders ? (
        <p className="home-audience__foot">
          <Link className="dash-card__link" to={ROUTES.insights}>
            {HOME_TEXTS.insightsLink}
          </Link>
        </p>
      ) : (
        <p className="home-audience__foot home-audience__foot--note">
          {HOME_TEXTS.insightsNeedOrders}{' '}
          <Link className="dash-card__link" to={INTEGRATIONS_PATH}>
            {HOME_TEXTS.insightsSetUp}
          </Link>
        </p>
      )}
    </section>
  );
}
