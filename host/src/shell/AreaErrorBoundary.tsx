import { Component, type ErrorInfo, type ReactNode } from 'react';
import { registeredVersion, retryArea } from '../remotes/federation';
import { reportRemoteEvent, shortErrorMessage } from '../remotes/release-beacons';
import { AreaFailedPage } from './AreaFailedPage';

interface Props {
  area: string;
  children: ReactNode;
  /** Loads the area again before re-rendering it (default: re-register its remote). */
  reload?: (area: string) => Promise<void>;
}

interface State {
  error: Error | null;
}

/**
 * Keeps a failing area (remote) from taking the console down: a screen that throws, or a chunk
 * of the remote that cannot be loaded while rendering, shows the area's error page. Retry loads
 * the remote afresh (a failed lazy chunk would otherwise fail again), then renders again.
 */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const { area } = this.props;
    console.error(`Area '${area}' failed:`, error, info.componentStack);
    const version = registeredVersion(area);
    if (version !== undefined) {
      reportRemoteEvent({
        remote: area,
        version,
        kind: 'render-failed',
        message: shortErrorMessage(error),
      });
    }
  }

  private readonly retry = async (): Promise<void> => {
    const reload = this.props.reload ?? retryArea;
    try {
      await reload(this.props.area);
    } finally {
      this.setState({ error: null });
    }
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return <AreaFailedPage area={this.props.area} onRetry={this.retry} />;
  }
}
