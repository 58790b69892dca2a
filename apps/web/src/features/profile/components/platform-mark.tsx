import { PLATFORM_ABILITIES, PLATFORM_NAMES, type PlatformId } from '@postlark/shared/integrations';

/** A platform's square monogram; the shared mark knows the three email platforms, HubSpot gets its own. */
export function Mark({ platform }: { platform: PlatformId }) {
  return (
    <span className={`platform-mark platform-mark--${platform} platform-mark--lg`} aria-hidden="true">
      {platform === 'beehiiv' ? 'b' : PLATFORM_NAMES[platform].charAt(0)}
    </span>
  );
}

/** What history the platform gave us and what its API does not offer (issue 22, section 3). */
export function Abilities({ platform }: { platform: PlatformId }) {
  const abilities = PLATFORM_ABILITIES[platform];
  return (
    <p className="profile-integration__meta profile-integration__abilities">
      {abilities.history ? `History imported: ${abilities.history}. ` : 'No per-person history is imported. '}
      {abilities.limits}
    </p>
  );
}
