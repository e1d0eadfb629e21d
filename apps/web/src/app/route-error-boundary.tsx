import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { RouteErrorPage } from '../components/route-error-page';

interface RouteErrorBoundaryProps {
  location: Location;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  location: Location;
}

/**
 * Shows RouteErrorPage instead of the pages when rendering throws, and tries again on the next
 * move (back, a link): what the router's errorElement did in its data router.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}
