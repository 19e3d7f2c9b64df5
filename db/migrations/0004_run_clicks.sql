CREATE TABLE "run_clicks" (
	"run_kind" varchar(10) NOT NULL,
	"run_id" integer NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "run_clicks_pk" PRIMARY KEY("run_kind","run_id","day")
);
