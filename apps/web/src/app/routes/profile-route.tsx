import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { type DataExportRequest, isDownloadProblem } from '@postlark/shared/data-export';
import type { BasicInfo, ChangePassword, ContactInfo, EmailChange, MarketingPreferences } from '@postlark/shared/profile';
import { Button } from '../../components/ui/button';
import { PageLoading } from '../../components/ui/page-state';
import { showToast } from '../../components/ui/toasts';
import { fetchProfile } from '../../features/login/login-slice';
import type { ApiKey, ApiKeyCreate } from '@postlark/shared/api-keys';
import { INTEGRATION_MESSAGES, isPlatformId } from '@postlark/shared/integrations';
import { createApiKey, fetchApiKeys, revokeApiKey } from '../../features/profile/api-keys-thunks';
import type { ApiKeyCreated } from '../../features/profile/components/api-keys-card';
import { BillingTab } from '../../features/profile/components/billing-tab';
import { ContactTab } from '../../features/profile/components/contact-tab';
import { DataExportTab } from '../../features/profile/components/data-export-tab';
import { IntegrationsTab } from '../../features/profile/components/integrations-tab';
import { AiProviderCard } from '../../features/ai-assistant/components/ai-provider-card';
import { OverviewTab } from '../../features/profile/components/overview-tab';
import { PreferencesTab } from '../../features/profile/components/preferences-tab';
import { ProfileTabs } from '../../features/profile/components/profile-tabs';
import '../../features/profile/components/profile.css';
import { fetchExports, startExport } from '../../features/profile/data-export-thunks';
import { integrationsApi } from '../../features/profile/integrations-api';
import { isProfileTab, PROFILE_TEXTS, type ProfileTabId } from '../../features/profile/profile-content';
import type { FormOutcome } from '../../lib/form-state';
import {
  changePassword,
  fetchPreferences,
  requestEmailChange,
  type SaveFailure,
  savePreferences,
  updateBasicInfo,
  updateContactInfo,
} from '../../features/profile/profile-thunks';
import { useCountries } from '../../features/signup/use-countries';
import { useAppDispatch, useAppSelector } from '../store-hooks';
import { useAiProvider } from '../use-ai-provider';
import { useWebhooksApi } from './use-webhooks-api';
import '../../components/ui/notice.css';
import { PageHeader } from '../../components/ui/page-header';

function asFailure(reason: unknown): SaveFailure {
  const failure = reason as Partial<SaveFailure> | null;
  return typeof failure?.message === 'string'
    ? { message: failure.message, errors: failure.errors ?? {}, status: failure.status ?? 0 }
    : { message: PROFILE_TEXTS.saveFailed, errors: {}, status: 0 };
}

/** /dashboard/profile: SPEC section 2's six tabs over the signed-in customer's profile; the tab is in ?tab=. */
export default function ProfileRoute() {
  const dispatch = useAppDispatch();
  const { customerId, profile, loading, error } = useAppSelector((state) => state.login);
  const countries = useCountries();
  const webhooks = useWebhooksApi();
  const aiProvider = useAiProvider();
  const navigate = useNavigate();
  // (useLocation, not useSearchParams: React Router's module sits in the landing page's bundle.)
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const requested = query.get('tab');
  // A download link the server could not serve sends the browser here with the reason.
  const downloadParam = query.get('download');
  const downloadProblem = isDownloadProblem(downloadParam) ? downloadParam : null;
  const tab: ProfileTabId = isProfileTab(requested) ? requested : 'overview';
  // /platform-integration's buttons land here with ?connect=<platform>: its Connect form opens.
  const connectParam = query.get('connect');
  // Back from Mailchimp's sign-in: ?connected=mailchimp, or ?error=<why>. Only our own texts are
  // shown, so a crafted link cannot put words on this page.
  const connectedParam = query.get('connected');
  const signInProblem = query.get('error');
  const signInError = signInProblem === null ? null : signInProblem === INTEGRATION_MESSAGES.oauthNotConfigured ? signInProblem : INTEGRATION_MESSAGES.oauthFailed;

  /** Runs a save; on success refreshes the profile when it holds what was saved, then toasts. */
  const save = useCallback(
    async (send: (id: string) => Promise<string>, refresh: boolean): Promise<FormOutcome> => {
      if (!customerId) return { ok: false, message: PROFILE_TEXTS.saveFailed, errors: {} };
      try {
        const message = await send(customerId);
        if (refresh) await dispatch(fetchProfile(customerId));
        void showToast('success', message);
        return { ok: true };
      } catch (reason) {
        const failure = asFailure(reason);
        void showToast('error', failure.message);
        return { ok: false, message: failure.message, errors: failure.errors };
      }
    },
    [customerId, dispatch],
  );

  // The tabs that read more than the profile: stable per customer, so a tab loads once.
  const loaders = useMemo(() => {
    const loader =
      <T,>(run: (id: string) => Promise<T>, fallback: string) =>
      async (): Promise<T> => {
        if (!customerId) throw fallback;
        try {
          return await run(customerId);
        } catch (reason) {
          throw asFailure(reason).message;
        }
      };
    return {
      preferences: loader((id) => dispatch(fetchPreferences(id)).unwrap(), PROFILE_TEXTS.preferencesFailed),
      exports: loader((id) => dispatch(fetchExports(id)).unwrap(), PROFILE_TEXTS.exportsFailed),
      apiKeys: loader(() => dispatch(fetchApiKeys()).unwrap(), PROFILE_TEXTS.apiKeysFailed),
    };
  }, [customerId, dispatch]);

  /** Integrations: the new key goes straight to the tab, which shows it once; no store keeps it. */
  const createKey = useCallback(
    async (body: ApiKeyCreate): Promise<ApiKeyCreated> => {
      let key = '';
      try {
        // The tab shows the answer's message beside the key, so there is no toast.
        await dispatch(createApiKey({ body, reveal: (value) => (key = value) })).unwrap();
        return { ok: true, key };
      } catch (reason) {
        const failure = asFailure(reason);
        return { ok: false, message: failure.message, errors: failure.errors };
      }
    },
    [dispatch],
  );

  /** Resolves with '' once revoked, else the message the confirmation shows. */
  const revokeKey = useCallback(
    async (apiKey: ApiKey): Promise<string> => {
      try {
        void showToast('success', await dispatch(revokeApiKey(apiKey.id)).unwrap());
        return '';
      } catch (reason) {
        return asFailure(reason).message;
      }
    },
    [dispatch],
  );

  function renderPanel(id: ProfileTabId) {
    if (!profile) return null;
    switch (id) {
      case 'overview':
        return (
          <OverviewTab
            profile={profile}
            onSaveBasic={(body: BasicInfo) => save((customer) => dispatch(updateBasicInfo({ customerId: customer, body })).unwrap(), true)}
            onChangePassword={(body: ChangePassword) => save((customer) => dispatch(changePassword({ customerId: customer, body })).unwrap(), false)}
            onChangeEmail={(body: EmailChange) => save((customer) => dispatch(requestEmailChange({ customerId: customer, body })).unwrap(), false)}
          />
        );
      case 'contact':
        return (
          <ContactTab
            profile={profile}
            countries={countries}
            onSave={(body: ContactInfo) => save((customer) => dispatch(updateContactInfo({ customerId: customer, body })).unwrap(), true)}
          />
        );
      case 'communication':
        return (
          <PreferencesTab
            load={loaders.preferences}
            onSave={(body: MarketingPreferences) => save((customer) => dispatch(savePreferences({ customerId: customer, body })).unwrap(), false)}
          />
        );
      case 'data':
        return (
          <DataExportTab
            load={loaders.exports}
            downloadProblem={downloadProblem}
            onExport={(body: DataExportRequest) => save((customer) => dispatch(startExport({ customerId: customer, body })).unwrap(), false)}
          />
        );
      case 'billing':
        return <BillingTab profile={profile} />;
      case 'integrations':
        return <IntegrationsTab load={loaders.apiKeys} onCreate={createKey} onRevoke={revokeKey} webhooks={webhooks} aiProvider={<AiProviderCard api={aiProvider} />} platforms={integrationsApi} connect={isPlatformId(connectParam) ? connectParam : null} signedIn={isPlatformId(connectedParam) ? connectedParam : null} signInError={signInError} />;
    }
  }

  return (
    <div className="profile-page">
      <PageHeader title="Profile" lead="Your details, preferences, data and billing in one place." />
      {profile ? (
        <ProfileTabs
          active={tab}
          onChange={(next) => navigate(next === 'overview' ? pathname : `${pathname}?tab=${next}`, { replace: true })}
          renderPanel={renderPanel}
        />
      ) : error && !loading ? (
        <div className="dash-card profile-status" role="alert">
          <span>{error}</span>
          <Button variant="secondary" onClick={() => customerId && void dispatch(fetchProfile(customerId))}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="dash-card">
          <PageLoading text={ACCOUNT_MESSAGES.loadingProfile} />
        </div>
      )}
    </div>
  );
}
