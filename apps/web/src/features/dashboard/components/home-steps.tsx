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
  /** Shown, but the step is done without it (connecting another email platform). */
  optional?: boolean;
}

/** How the account sends: Postlark itself from a confirmed address, or a connected platform; either does (issue 38). */
function sendingCheck(steps: Steps): Check {
  const platforms = joinWords(steps.platform.platforms.map((id) => PLATFORM_NAMES[id]));
  const doneText = steps.sending.sender_confirmed ? HOME_STEPS.senderDone : steps.platform.done ? HOME_STEPS.platformDone(platforms) : HOME_STEPS.sendingDone;
  return { done: steps.sending.done, text: steps.sending.done ? doneText : HOME_STEPS.senderToDo, to: ROUTES.senders };
}

function checksOf(steps: Steps): { customize: Check[]; send: Check[] } {
  const sending = sendingCheck(steps);
  // A connected platform already named by the sending check is not offered again.
  const platformNamed = steps.platform.done && !steps.sending.sender_confirmed;
  const platform: Check = {
    done: steps.platform.done,
    text: steps.platform.done ? HOME_STEPS.platformDone(joinWords(steps.platform.platforms.map((id) => PLATFORM_NAMES[id]))) : HOME_STEPS.platformOptional,
    to: ROUTES.platformIntegration,
    optional: true,
  };
  return {
    customize: [
      sending,
      {
        done: steps.profile.done,
        text: steps.profile.done ? HOME_STEPS.profileDone : HOME_STEPS.profileToDo(joinWords(steps.profile.missing.map((field) => ADDRESS_FIELD_NAMES[field]))),
        to: `${ROUTES.profile}?tab=contact`,
      },
      ...(platformNamed ? [] : [platform]),
    ],
    send: [{ done: steps.campaign.done, text: steps.campaign.done ? HOME_STEPS.campaignDone : HOME_STEPS.campaignToDo, to: ROUTES.newCampaign }],
  };
}

const stepDone = (checks: readonly Check[]) => checks.every((check) => check.done || check.optional);

/** True once every step is done: Home then leaves the steps out. */
export function allStepsDone(steps: Steps): boolean {
  return steps.sending.done && steps.profile.done && steps.campaign.done;
}

function Step({ number, title, text, checks }: { number: number; title: string; text: string; checks: Check[] }) {
  const done = stepDone(checks);
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
            <li key={check.to} className={`home-check${check.done ? ' home-check--done' : ''}${check.optional && !check.done ? ' home-check--optional' : ''}`}>
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
  const done = 1 + Number(stepDone(checks.customize)) + Number(stepDone(checks.send));
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
