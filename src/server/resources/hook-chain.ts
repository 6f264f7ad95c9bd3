import type { Module } from '../modules/define-module.js';
import type { Resource, WriteHooks } from './define.js';

/** Runs each hook set in turn; beforeWrite answers are merged (later modules' keys win), validate errors too (the first message of a field stays). */
function chain(sets: readonly WriteHooks[]): WriteHooks {
  return {
    async validate(hook, values, existing) {
      const errors: Record<string, string> = {};
      for (const set of sets) for (const [name, message] of Object.entries((await set.validate?.(hook, values, existing)) ?? {})) errors[name] ??= message;
      return errors;
    },
    async beforeWrite(hook, values, existing) {
      let extra: Record<string, unknown> | undefined;
      for (const set of sets) {
        const more = await set.beforeWrite?.(hook, values, existing);
        if (more) extra = { ...extra, ...more };
      }
      return extra;
    },
    async afterWrite(hook, record, existing) {
      for (const set of sets) await set.afterWrite?.(hook, record, existing);
    },
    async beforeDelete(hook, existing) {
      for (const set of sets) await set.beforeDelete?.(hook, existing);
    },
    async afterDelete(hook, existing) {
      for (const set of sets) await set.afterDelete?.(hook, existing);
    },
  };
}

/** The resource with the hooks other modules add to it (ModuleDefinition.extends) after its own. */
export function withExtensions(resource: Resource, modules: readonly Module[]): Resource {
  const extra = modules.flatMap((m) => (m.extends?.[resource.name] ? [m.extends[resource.name]!] : []));
  if (extra.length === 0) return resource;
  return { ...resource, hooks: chain([...(resource.hooks ? [resource.hooks] : []), ...extra]) };
}
