import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { Translation } from 'react-i18next';
import type { AreaId } from '../routes/route-table';

interface Props {
  area: AreaId;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a failing area (remote) from taking the console down; offers a retry. */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Area '${this.props.area}' failed:`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Translation ns="common">
        {(t) => (
          <Result
            status="error"
            title={t('areaFailed.title')}
            subTitle={t('areaFailed.description', { area: t(`areas.${this.props.area}`) })}
            data-testid="area-failed"
            extra={
              <Button type="primary" onClick={() => this.setState({ error: null })}>
                {t('actions.retry')}
              </Button>
            }
          />
        )}
      </Translation>
    );
  }
}
