import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './RouteError';

interface Props {
  pathname: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** Where the error happened: another path renders the routes again. */
  at: string | null;
}

class Boundary extends Component<Props, State> {
  override state: State = { error: null, at: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return null;
    if (state.at === null) return { at: props.pathname };
    return state.at === props.pathname ? null : { error: null, at: null };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

/**
 * The routes' fallback (docs/shop.md §8): a page that throws while rendering, or whose code fails
 * to download, shows RouteError instead of a blank screen; moving to another path tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
