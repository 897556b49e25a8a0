-- The time of the newest session.status WAHA reported for each session, so a late delivery of an
-- older one (WAHA retries and does not keep its deliveries in order) is not applied over it.
CREATE TABLE "waha_session_report" (
    "session" TEXT NOT NULL,
    "reported_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "waha_session_report_pkey" PRIMARY KEY ("session")
);
