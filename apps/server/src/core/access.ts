import { LOGIN, PUBLIC, type RouteAccess } from '@aps/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: PUBLIC, LOGIN or a permission code. Required on every /aps route. */
    access?: RouteAccess;
    /** What the audit log calls a write through this route; defaults to "METHOD url". */
    audit?: string | false;
  }
}

export class MissingAccessDeclarationError extends Error {}

/** Every route registered in this context must say who may call it, or registration fails. */
export function requireAccessDeclarations(app: FastifyInstance, registered?: RouteOptions[]): void {
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new MissingAccessDeclarationError(`路由 ${methods} ${route.url} 未声明访问权限 (config.access)`);
    }
    registered?.push(route);
  });
}

export const isPublic = (access: RouteAccess | undefined) => access === PUBLIC;
export const needsLoginOnly = (access: RouteAccess | undefined) => access === LOGIN;
