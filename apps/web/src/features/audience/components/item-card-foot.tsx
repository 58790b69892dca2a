import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import './lists-page.css';

interface ItemCardFootProps {
  /** The item's name, for the buttons' accessible names. */
  name: string;
  /** Where "View subscribers" leads; without it, `aside` stands at the left. */
  viewTo?: string;
  aside?: ReactNode;
  onEdit(): void;
  onDelete(): void;
}

/** The foot of a list's, segment's or form's card: the way to its people, then Edit and Delete. */
export function ItemCardFoot({ name, viewTo, aside, onEdit, onDelete }: ItemCardFootProps) {
  return (
    <footer className="list-card__foot">
      {viewTo ? (
        <Link className="list-card__view" to={viewTo} aria-label={`View subscribers of ${name}`}>
          View subscribers
        </Link>
      ) : (
        aside
      )}
      <div className="list-card__actions">
        <Button variant="ghost" className="list-card__action" aria-label={`Edit ${name}`} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="ghost" className="list-card__action list-card__action--danger" aria-label={`Delete ${name}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </footer>
  );
}
