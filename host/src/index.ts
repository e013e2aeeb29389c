// Module Federation needs an async boundary: shared modules (React, antd, @esim/*) are
// negotiated before any application code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap').catch((error: unknown) => {
  console.error('The console failed to start:', error);
});
