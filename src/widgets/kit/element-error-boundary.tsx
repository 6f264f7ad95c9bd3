import { Component, type ReactNode } from 'react';
import { ErrorState } from './error-state.js';

interface State {
  failed: boolean;
}

/** Shows the error state instead of an empty element when a feature throws while rendering. */
export class ElementErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorState /> : this.props.children;
  }
}
