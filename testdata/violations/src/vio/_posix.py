def impl():
    return "/"
