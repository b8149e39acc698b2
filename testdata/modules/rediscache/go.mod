module example.com/rediscache

go 1.22

require github.com/redis/go-redis/v9 v9.0.0

replace github.com/redis/go-redis/v9 => ../redisown
