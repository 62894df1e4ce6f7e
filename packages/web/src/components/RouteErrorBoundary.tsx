import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

interface Props {
  /** The address shown: a new one clears the error, so the tabs lead out of it. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: string;
}

/**
 * Errors thrown while rendering a page (a chunk that failed to load, a bug) show RouteErrorPage
 * instead of a blank screen. The console routes with react-router's declarative router, which has
 * no errorElement (the data router costs 17 KB more of gzipped JavaScript on the way to the
 * dashboard, issue 18 point 19), so this boundary does what errorElement did: moving to another
 * address leaves the error behind.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
