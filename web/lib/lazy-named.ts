import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// React's own bound for a lazy component (`lazy<T extends ComponentType<any>>`): any props at all.
type AnyComponent = ComponentType<any>;

/**
 * A component loaded the first time it renders, from a module that exports it by name: the pages
 * and the heavy modals stay out of the first script a tablet downloads (issue 21 item 3). Render
 * it inside a Suspense boundary.
 */
export function lazyNamed<Name extends string, Module extends { [K in Name]: AnyComponent }>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
