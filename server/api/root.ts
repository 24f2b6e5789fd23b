import { annotationRouter } from './routers/annotation.router';
import { chooserRouter } from './routers/chooser.router';
import { imageRouter } from './routers/image.router';
import { projectRouter } from './routers/project.router';
import { createCallerFactory, router } from './trpc';

// Routers with literal paths (choosers; later importstatus/exportstatus) come before those
// with {project_name}: trpc-to-openapi matches routes in this order.
export const appRouter = router({
  chooser: chooserRouter,
  project: projectRouter,
  image: imageRouter,
  annotation: annotationRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
