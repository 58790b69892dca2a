import { Link } from 'react-router';
import type { HomeOverview } from '@postlark/shared/dashboard';
import { PLATFORM_NAMES } from '@postlark/shared/integrations';
import { ROUTES } from '@postlark/shared/routes';
import { ADDRESS_FIELD_NAMES, HOME_STEPS, HOME_TEXTS } from '../home-content';
import { joinWords } from '../home-format';
import './home-steps.css';

type Steps = HomeOverview['steps'];

interface Check {
  done: boolean;
  text: string;
  /** Where to go while it is not done. */
  to: string;
}

function checksOf(steps: Steps): { customize: Check[]; send: Check[] } {
  return {
    customize: [
      {
        done: steps.platform.done,
        text: steps.platform.done ? HOME_STEPS.platformDone(joinWords(steps.platform.platforms.map((id) => PLATFORM_NAMES[id]))) : HOME_STEPS.platformToDo,
        to: ROUTES.platformIntegration,
      },
      {
        done: steps.profile.done,
        text: steps.profile.done ? HOME_STEPS.profileDone : HOME_STEPS.profileToDo(joinWords(steps.profile.missing.map((field) => ADDRESS_FIELD_NAMES[field]))),
        to: `${ROUTES.profile}?tab=contact`,
      },
    ],
    send: [{ done: steps.campaign.done, text: steps.campaign.done ? HOME_STEPS.campaignDone : HOME_STEPS.campaignToDo, to: ROUTES.newCampaign }],
  };
}

/** True once every step is done: Home then leaves the steps out. */
export function allStepsDone(steps: Steps): boolean {
  return steps.platform.done && steps.profile.done && steps.campaign.done;
}

function Step({ number, title, text, checks }: { number: number; title: string; text: string; checks: Check[] }) {
  const done = checks.every((check) => check.done);
  return (
    <li className={`home-step${done ? ' home-step--done' : ''}`}>
      <div className="home-step__head">
        <span className="home-step__mark" aria-hidden="true">
          {done ? '✓' : number}
        </span>
        <h3 className="home-step__title">{title}</h3>
        <span className={`home-step__state${done ? ' home-step__state--done' : ''}`}>{done ? HOME_TEXTS.done : HOME_TEXTS.toDo}</span>
      </div>
      <p className="home-step__text">{text}</p>
      {checks.length > 0 && (
        <ul className="home-step__checks">
          {checks.map((check) => (
            <li key={check.to} className={check.done ? 'home-check home-check--done' : 'home-check'}>
              <span className="home-check__mark" aria-hidden="true" />
              {check.done ? (
                <span>
                  {check.text}
                  <span className="visually-hidden"> (done)</span>
                </span>
              ) : (
                <Link to={check.to}>{check.text}</Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The three steps the site promises (Sign Up, Customize, Send & Shine), each with its real state. */
export function HomeSteps({ steps }: { steps: Steps }) {
  const checks = checksOf(steps);
  const done = 1 + Number(checks.customize.every((check) => check.done)) + Number(checks.send.every((check) => check.done));
  return (
    <section className="dash-card home-card home-steps" aria-labelledby="home-steps-title">
      <div className="home-card__head">
        <h2 id="home-steps-title" className="home-card__title">
          {HOME_TEXTS.stepsTitle}
        </h2>
        <span className="home-steps__progress">
          <span className="home-steps__meter" aria-hidden="true">
            <span style={{ width: `${(done / 3) * 100}%` }} />
          </span>
          {HOME_TEXTS.stepsProgress(done)}
        </span>
      </div>
      <ol className="home-steps__list">
        <Step number={1} title={HOME_STEPS.signUp.title} text={HOME_STEPS.signUp.text} checks={[]} />
        <Step number={2} title={HOME_STEPS.customize.title} text={HOME_STEPS.customize.text} checks={checks.customize} />
        <Step number={3} title={HOME_STEPS.send.title} text={HOME_STEPS.send.text} checks={checks.send} />
      </ol>
    </section>
  );
}
