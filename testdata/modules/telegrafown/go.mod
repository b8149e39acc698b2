module github.com/influxdata/telegraf

go 1.22
