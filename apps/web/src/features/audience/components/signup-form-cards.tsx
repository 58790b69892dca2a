import type { SignupForm } from '@postlark/shared/forms';
import { Button } from '../../../components/ui/button';
import { ItemCardFoot } from './item-card-foot';
import './lists-page.css';
import './forms-page.css';

interface SignupFormCardsProps {
  forms: readonly SignupForm[];
  onCopy(form: SignupForm): void;
  onEdit(form: SignupForm): void;
  onDelete(form: SignupForm): void;
}

/** The customer's sign-up forms: the list each fills, its hosted page, and the snippet for their site. */
export function SignupFormCards({ forms, onCopy, onEdit, onDelete }: SignupFormCardsProps) {
  return (
    <ul className="form-cards">
      {forms.map((form) => {
        const titleId = `form-${form.id}`;
        return (
          <li key={form.id}>
            <article className="dash-card list-card form-card" aria-labelledby={titleId}>
              <header className="list-card__head">
                <div className="form-card__title">
                  <h2 id={titleId} className="list-card__name">
                    {form.name}
                  </h2>
                  <p className="form-card__list">Adds people to {form.list_name}</p>
                </div>
                <span className={`audience-tag${form.double_opt_in ? '' : ' audience-tag--plain'}`}>{form.double_opt_in ? 'Double opt-in' : 'Single opt-in'}</span>
              </header>
              <p className="form-card__hosted">
                <span className="form-card__label">Hosted page</span>
                <a href={form.hosted_url} target="_blank" rel="noreferrer" aria-label={`Hosted page of ${form.name}`}>
                  {form.hosted_url}
                </a>
              </p>
              <div className="form-card__snippet">
                <div className="form-card__snippet-head">
                  <span className="form-card__label">Embed on your site</span>
                  <Button variant="secondary" className="form-card__copy" aria-label={`Copy snippet of ${form.name}`} onClick={() => onCopy(form)}>
                    Copy snippet
                  </Button>
                </div>
                <pre className="form-card__code" tabIndex={0} aria-label={`Snippet of ${form.name}`}>
                  <code>{form.embed_html}</code>
                </pre>
              </div>
              <ItemCardFoot
                name={form.name}
                aside={<span className="form-card__title-preview">“{form.title}”</span>}
                onEdit={() => onEdit(form)}
                onDelete={() => onDelete(form)}
              />
            </article>
          </li>
        );
      })}
    </ul>
  );
}
