import type { FlowVersionSummary } from '@postlark/shared/automations-views';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatMoment } from '../automations-content';
import './flow-panel.css';

interface VersionHistoryProps {
  open: boolean;
  versions: readonly FlowVersionSummary[] | null;
  current: number;
  error: string;
  onLoad(version: number): void;
  onClose(): void;
}

/** Every saved version, newest first; an older one can be loaded into the editor and saved as the newest. */
export function VersionHistory({ open, versions, current, error, onLoad, onClose }: VersionHistoryProps) {
  return (
    <Modal open={open} title="Version history" description="Each save is a new version. Load an older one to look at it or save it again as the newest." onClose={onClose}>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {!versions && !error && <p role="status">Loading versions...</p>}
      {versions && (
        <ol className="flow-versions">
          {[...versions].sort((a, b) => b.version - a.version).map((version) => (
            <li key={version.version} className="flow-versions__item">
              <span className="flow-versions__name">
                Version {version.version}
                {version.version === current && <span className="flow-versions__current"> (current)</span>}
              </span>
              <span className="flow-versions__when">{formatMoment(version.created_at)}</span>
              {version.version !== current && (
                <Button variant="secondary" aria-label={`Load version ${version.version}`} onClick={() => onLoad(version.version)}>
                  Load
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
