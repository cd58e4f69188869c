# Builds one front end (`--build-arg APP=shell|estimates|share|meetings|settings|admin`) and
# serves its dist with nginx; remotes get CORS so the shell can load them from another origin.
FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w @plumbline/app-${APP}

FROM nginx:1.27-alpine
ARG APP
COPY --from=build /app/frontends/${APP}/dist /usr/share/nginx/html
COPY deploy/docker/nginx-frontend.conf /etc/nginx/conf.d/default.conf
HEALTHCHECK --interval=10s --timeout=3s CMD wget -qO- http://127.0.0.1/ >/dev/null || exit 1
