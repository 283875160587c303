"""A project function that is only named like the decorator."""


def claims(*names):
    return lambda function: function
