import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Subscriber, SubscriberUpdate } from '@postlark/shared/audience';
import type { PersonEvent } from '@postlark/shared/events';
import { ROUTES } from '@postlark/shared/routes';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { showToast } from '../../components/ui/toasts';
import { AUDIENCE_TEXTS } from '../../features/audience/audience-content';
import { type AudienceFailure, asAudienceFailure, eraseSubscriber, fetchSubscriber, saveSubscriber } from '../../features/audience/audience-thunks';
import { PageLoadFailed, PageLoading, PageState } from '../../components/ui/page-state';
import { SubscriberAttributes, SubscriberMemberships, SubscriberPreferenceLink, SubscriberSummary } from '../../features/audience/components/subscriber-details';
import { SubscriberActivityCard } from '../../features/audience/components/subscriber-activity';
import { SubscriberEventsCard } from '../../features/audience/components/subscriber-events';
import { EditSubscriberForm } from '../../features/audience/components/subscriber-forms';
import { EngagementCard } from '../../features/insights/components/engagement-card';
import { PurchasesCard } from '../../features/insights/components/purchases-card';
import type { FormOutcome } from '../../lib/form-state';
import { useAppDispatch } from '../store-hooks';
import { useAudienceLists } from '../use-audience-lists';
import { useSubscriberEvents } from '../use-subscriber-events';
import type { FromTable } from './subscribers-route';
import { PageHeader } from '../../components/ui/page-header';

interface Loaded {
  id: string;
  attempt: number;
  subscriber: Subscriber | null;
  error: AudienceFailure | null;
}

/** The currency of the person's latest order shown, for their Purchases card's amounts (none: plain amounts). */
function orderCurrency(events: readonly PersonEvent[]): string | null {
  return events.find((event) => event.name === 'order_placed' && event.currency)?.currency ?? null;
}

/** The table as the customer left it, when they came from it; otherwise the whole table. */
function tablePath(state: unknown): string {
  const search = (state as Partial<FromTable> | null)?.tableSearch;
  return typeof search === 'string' && search.startsWith('?') ? `${ROUTES.subscribers}${search}` : ROUTES.subscribers;
}

/**
 * /dashboard/subscribers/{id}: one subscriber's details, lists and attributes, the form that edits
 * them, and Delete, which erases them and keeps the address suppressed.
 */
export default function SubscriberRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The id's name in the route's path (routes.tsx).
  const { subscriberId = '' } = useParams();
  const location = useLocation();
  const back = tablePath(location.state);
  const { lists } = useAudienceLists();
  const events = useSubscriberEvents(subscriberId);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState('');

  useEffect(() => {
    let live = true;
    dispatch(fetchSubscriber(subscriberId))
      .unwrap()
      .then(
        (subscriber) => live && setLoaded({ id: subscriberId, attempt, subscriber, error: null }),
        (reason: unknown) => live && setLoaded({ id: subscriberId, attempt, subscriber: null, error: asAudienceFailure(reason, AUDIENCE_TEXTS.subscriberFailed) }),
      );
    return () => {
      live = false;
    };
  }, [dispatch, subscriberId, attempt]);

  const current = loaded?.id === subscriberId ? loaded : null;
  const subscriber = current?.subscriber ?? null;

  async function save(body: SubscriberUpdate): Promise<FormOutcome> {
    try {
      const saved = await dispatch(saveSubscriber({ id: subscriberId, body })).unwrap();
      setLoaded({ id: subscriberId, attempt, subscriber: saved.item, error: null });
      void showToast('success', saved.message);
      return { ok: true };
    } catch (reason) {
      const failure = asAudienceFailure(reason, AUDIENCE_TEXTS.saveFailed);
      return { ok: false, message: failure.message, errors: failure.errors };
    }
  }

  async function erase() {
    setDeleting(true);
    setDeleteError('');
    try {
      const message = await dispatch(eraseSubscriber(subscriberId)).unwrap();
      void showToast('success', message);
      navigate(back, { replace: true });
    } catch (reason) {
      setDeleteError(asAudienceFailure(reason, AUDIENCE_TEXTS.saveFailed).message);
      setDeleting(false);
    }
  }

  const backLink = (
    <Link className="subscriber-page__back" to={back}>
      <span aria-hidden="true">←</span> All subscribers
    </Link>
  );

  if (!subscriber) {
    const failure = current?.error;
    return (
      <div className="subscriber-page">
        {backLink}
        <div className="dash-card">
          {!failure ? (
            <PageLoading text={AUDIENCE_TEXTS.loadingSubscriber} />
          ) : failure.status === 404 ? (
            <PageState
              icon="search"
              role="alert"
              title="Subscriber not found"
              text={failure.message}
              action={
                <Link className={buttonClass('secondary')} to={back}>
                  Back to all subscribers
                </Link>
              }
            />
          ) : (
            <PageLoadFailed title={AUDIENCE_TEXTS.subscriberFailed} message={failure.message} onRetry={() => setAttempt((count) => count + 1)} />
          )}
        </div>
      </div>
    );
  }

  const { purchases } = subscriber.insights;
  const currency = orderCurrency(events.events);

  return (
    <div className="subscriber-page">
      {backLink}
      <PageHeader
        title={subscriber.email}
        lead="One person in your audience: their lists, what they told you and what happened."
        titleClassName="subscriber-page__title"
        actions={
          <Button variant="secondary" className="subscriber-page__delete" onClick={() => setConfirming(true)}>
            Delete subscriber
          </Button>
        }
      />
      <SubscriberSummary subscriber={subscriber} />
      <div className="subscriber-page__layout">
        {/* Drawn again from each saved version, so a save leaves the form showing what is stored. */}
        <EditSubscriberForm key={subscriber.updated_at} subscriber={subscriber} lists={lists} onSave={save} />
        <div className="subscriber-page__side">
          <SubscriberMemberships subscriber={subscriber} />
          <SubscriberAttributes subscriber={subscriber} />
          {/* A profile known only from events was never mailed: there is no page of theirs to share. */}
          {subscriber.status !== 'not_subscribed' && <SubscriberPreferenceLink subscriber={subscriber} />}
        </div>
      </div>
      {/* An account that never computed insights shows the card only to someone who ordered (every order has a currency). */}
      {(purchases.orders !== null || currency !== null) && <PurchasesCard purchases={purchases} currency={currency} />}
      {/* Profiles known only from events were never mailed: no send time or score to show. */}
      {subscriber.status !== 'not_subscribed' && <EngagementCard insights={subscriber.insights} timezone={subscriber.timezone} />}
      <SubscriberActivityCard subscriber={subscriber} />
      <SubscriberEventsCard {...events} onMore={events.loadMore} />
      <ConfirmDialog
        open={confirming}
        title="Delete this subscriber?"
        description={`${subscriber.email} is erased from your audience and every list. The address stays on your suppression list, so it cannot be added again by hand or come back with an import.`}
        confirmLabel="Delete subscriber"
        busyLabel="Deleting..."
        busy={deleting}
        error={deleteError}
        onConfirm={() => void erase()}
        onClose={() => {
          setConfirming(false);
          setDeleteError('');
        }}
      />
    </div>
  );
}
